import { z } from 'zod';
import { referenceItem } from '../account/account.schemas.ts';
import { defineEndpoint } from '../http.ts';
import { COMPANY_ROLES, MANAGER_API_PREFIXES, perPrefix, ROLES } from '../roles.ts';
import { incumbentReport, removeIncumbentsQuery } from './incumbents.schemas.ts';
import {
  acknowledgeBody,
  benchmarkData,
  carModelSchema,
  clearPositionQuery,
  completeBody,
  completionResult,
  contactQuery,
  contactSchema,
  copyPriorBody,
  excelReport,
  excelUploadFields,
  jobGroupPositionsQuery,
  pageContentSchema,
  pageQuery,
  periodQuery,
  positionsData,
  saveBenchmarkBody,
  savedPageData,
  savedPageQuery,
  savePageBody,
  savePositionsBody,
  saveResult,
  saveTurnoverBody,
  surveyJobGroup,
  surveyOverview,
  surveyPosition,
  surveyScope,
  templateQuery,
  turnoverData,
  updateContactBody,
  withdrawBody,
} from './survey.schemas.ts';

/**
 * The questionnaire's calls (spec §7 "Salary survey (user)", design §4). Every role may call them: the server lets a
 * company person through with the `salary.fill` area for their own company only, and staff and admin for the company
 * they name (`companyId`).
 */
const SALARY = '/user/salary';

// ---- reference lists (the profile uses them too; with a period, its frozen list)

export const getRegions = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getRegions`,
  access: ROLES,
  summary: "Regions: the active reference list, or a survey period's frozen list",
  query: periodQuery,
  response: z.array(referenceItem),
});

export const getJobGroups = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getJobGroups`,
  access: ROLES,
  summary: "Job groups: the active reference list, or a survey period's groups with their positions",
  query: periodQuery,
  response: z.array(referenceItem),
});

// ---- the questionnaire

export const getSurvey = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getSurvey`,
  access: ROLES,
  summary: "The current salary period with the company's response: status, version, steps, progress and open issues (410 when closed)",
  query: surveyScope,
  response: surveyOverview,
});

export const getPageContent = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getPageContent`,
  access: ROLES,
  summary: "A configurable page of the period in the caller's language: text and questions",
  query: pageQuery,
  response: pageContentSchema,
});

export const getSurveyJobGroups = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getSurveyJobGroups`,
  access: ROLES,
  summary: "The period's job groups with their number of positions and the company's included ones",
  query: surveyScope,
  response: z.array(surveyJobGroup),
});

export const getJobGroupPositions = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getJobGroupPositions`,
  access: ROLES,
  summary: "The period's benchmark positions (of one job group, or all): titles, descriptions for matching, career level, field flag",
  query: jobGroupPositionsQuery,
  response: z.array(surveyPosition),
});

export const getCars = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getCars`,
  access: ROLES,
  summary: "Car models with the period's list prices, for the car columns",
  query: surveyScope,
  response: z.array(carModelSchema),
});

export const getPositionsData = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getPositionsData`,
  access: ROLES,
  summary: "The company's positions grid (rows, allowances, car policy per position), its open issues and last year's base salaries",
  query: jobGroupPositionsQuery,
  response: positionsData,
});

export const getTurnoverData = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getTurnoverData`,
  access: ROLES,
  summary: "The company's turnover rows with derived rates and issues",
  query: surveyScope,
  response: turnoverData,
});

export const getBenchmarkData = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getBenchmarkData`,
  access: ROLES,
  summary: "The period's benchmark questions with the company's answers",
  query: surveyScope,
  response: benchmarkData,
});

export const getSavedPageData = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/getSavedPageData`,
  access: ROLES,
  summary: "The company's answers to a configurable page; with prefill=prior, its answers to the same page in the previous period too",
  query: savedPageQuery,
  response: savedPageData,
});

export const savePositions = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/savePositions`,
  access: ROLES,
  summary: 'Upserts grid rows (with allowances) and car policy rows in one transaction, with a version check (409 with the newer data)',
  bodyType: 'json',
  body: savePositionsBody,
  response: saveResult,
});

export const clearPositionData = defineEndpoint({
  method: 'DELETE',
  path: `${SALARY}/clearPositionData`,
  access: ROLES,
  summary: "Deletes a position's rows (all regions, or one) with their allowances and, with the last region, its car row",
  query: clearPositionQuery,
  response: saveResult,
});

export const saveTurnover = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/saveTurnover`,
  access: ROLES,
  summary: 'Saves the turnover rows (the company and job groups) with a version check',
  bodyType: 'json',
  body: saveTurnoverBody,
  response: saveResult,
});

export const saveBenchmark = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/saveBenchmark`,
  access: ROLES,
  summary: 'Saves benchmark answers with a version check',
  bodyType: 'json',
  body: saveBenchmarkBody,
  response: saveResult,
});

export const savePageData = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/savePageData`,
  access: ROLES,
  summary: "Saves a configurable page's answers with a version check",
  bodyType: 'json',
  body: savePageBody,
  response: saveResult,
});

export const acknowledgeIssue = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/acknowledgeIssue`,
  access: ROLES,
  summary: 'Acknowledges a warning or answers a staff query with a comment',
  bodyType: 'json',
  body: acknowledgeBody,
  response: saveResult,
});

export const copyFromLastYear = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/copyFromLastYear`,
  access: ROLES,
  summary: "Rolls last year's positions (through the lineage), car policy and pages forward into an empty draft",
  bodyType: 'json',
  body: copyPriorBody,
  response: saveResult,
});

export const downloadPositions = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/downloadPositions`,
  access: ROLES,
  summary: "The positions grid as an Excel template prefilled with the company's rows and the catalogue's codes",
  query: templateQuery,
  responseKind: 'file',
});

export const uploadPositions = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/uploadPositions`,
  access: ROLES,
  summary: 'Reads the filled template back: a cell-by-cell report; with commit, saved when no cell has an error',
  bodyType: 'multipart',
  body: excelUploadFields,
  response: excelReport,
});

// ---- the optional incumbent-level upload (pay per person, no names), which fills the grid's averages

export const downloadIncumbents = defineEndpoint({
  method: 'GET',
  path: `${SALARY}/downloadIncumbents`,
  access: ROLES,
  summary:
    "The incumbent template (position and region codes, base, 13th salary, bonus target and actual; no names), prefilled with the company's incumbents, the codes on a second sheet",
  query: templateQuery,
  responseKind: 'file',
});

export const uploadIncumbents = defineEndpoint({
  method: 'POST',
  path: `${SALARY}/uploadIncumbents`,
  access: ROLES,
  summary:
    "Reads the incumbent file back: a cell-by-cell report; with commit and no error, replaces the company's incumbents and recomputes the averages of their grid rows (version check)",
  bodyType: 'multipart',
  body: excelUploadFields,
  response: incumbentReport,
});

export const removeIncumbents = defineEndpoint({
  method: 'DELETE',
  path: `${SALARY}/removeIncumbents`,
  access: ROLES,
  summary: "Takes a grid row's incumbents away, keeping its averages (editable again), with a version check",
  query: removeIncumbentsQuery,
  response: saveResult,
});

// ---- completion

export const setCompleteStatus = defineEndpoint({
  method: 'POST',
  path: '/user/report/setCompleteStatus',
  access: ROLES,
  summary: 'Completes the response when nothing blocks it; otherwise 409 with the blockers by step',
  bodyType: 'json',
  body: completeBody,
  response: completionResult,
});

export const withdraw = defineEndpoint({
  method: 'POST',
  path: '/user/report/withdraw',
  access: ROLES,
  summary: 'Takes a completed response back to edit it, before the deadline',
  bodyType: 'json',
  body: withdrawBody,
  response: completionResult,
});

// ---- the respondent contact (personal data: the company's ceo and trusted people and staff only)

/** Decision: trusted people fill the survey by default, so they keep its contact too; staff correct it for a company they name. */
export const companyContact = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/company/contact`,
    access,
    summary: "The company's respondent contact for the salary survey (staff name the company)",
    query: contactQuery,
    response: contactSchema.nullable(),
  }),
);

export const updateContact = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/updateContact`,
    access,
    summary: "Saves the company's respondent contact (the questionnaire's contact step; staff name the company)",
    bodyType: 'json',
    body: updateContactBody,
    response: contactSchema,
  }),
);

export const userContact = defineEndpoint({
  method: 'GET',
  path: '/user/contact',
  access: COMPANY_ROLES,
  summary: "The company's respondent contact, read-only, for the company's people with the survey's area",
  response: contactSchema.nullable(),
});
