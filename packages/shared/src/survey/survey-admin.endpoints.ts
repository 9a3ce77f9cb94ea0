import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import {
  applyDatafileBody,
  companyResponseBody,
  datafileIdQuery,
  datafileSchema,
  datafileTemplateQuery,
  excludeBody,
  extendBody,
  outliersSchema,
  periodBody,
  periodIdQuery,
  periodMoveBody,
  periodSchema,
  periodUpdateBody,
  progressDownloadQuery,
  progressListQuery,
  progressPageSchema,
  remindBody,
  remindResultSchema,
  resetQuery,
  returnBody,
  testCompanyBody,
  uploadDatafileBody,
} from './survey-admin.schemas.ts';

/** The staff's survey calls (spec §7 "Reports (admin)"): every path under /admin and /aipm, one contract per prefix. */

// ---- periods

export const periods = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/period`,
    access,
    summary: 'Survey periods, newest first, with their catalogue sizes and the companies per response status',
    response: z.array(periodSchema),
  }),
);

export const createPeriod = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/period/create`,
    access,
    summary: 'Create a salary survey period (draft)',
    bodyType: 'json',
    body: periodBody,
    response: periodSchema,
  }),
);

export const updatePeriod = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/period/update`,
    access,
    summary: 'Edit a period (version-checked; not once published)',
    bodyType: 'json',
    body: periodUpdateBody,
    response: periodSchema,
  }),
);

export const movePeriod = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/period/setStatus`,
    access,
    summary: 'Move a period draft → open → closed → review → published → archived (PERIOD_MOVES); an impossible move is 409',
    bodyType: 'json',
    body: periodMoveBody,
    response: periodSchema,
  }),
);

export const instructions = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/period/instructions`,
    access,
    summary: "The period's instruction PDF",
    query: periodIdQuery,
    responseKind: 'file',
  }),
);

// ---- catalogue files

export const datafiles = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/period/datafiles`,
    access,
    summary: "A period's loaded files, newest first, each with its row-by-row issues in the caller's language",
    query: periodIdQuery,
    response: z.array(datafileSchema),
  }),
);

export const uploadDatafile = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/uploadDatafiles`,
    access,
    summary: 'Load a catalogue file (regions, positions, cars as Excel; the instruction PDF) and check it row by row; nothing is applied',
    bodyType: 'multipart',
    body: uploadDatafileBody,
    response: datafileSchema,
  }),
);

export const applyDatafile = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/saveData`,
    access,
    summary: "Apply a checked file without errors to the catalogues and the period's frozen lists, in one transaction (draft periods only)",
    bodyType: 'multipart',
    body: applyDatafileBody,
    response: datafileSchema,
  }),
);

export const datafileDownload = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/period/datafile`,
    access,
    summary: 'A loaded file as it was uploaded',
    query: datafileIdQuery,
    responseKind: 'file',
  }),
);

export const datafileTemplate = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/period/template`,
    access,
    summary: 'An empty Excel template of a catalogue kind, with its columns in the caller’s language',
    query: datafileTemplateQuery,
    responseKind: 'file',
  }),
);

// ---- the completion dashboard, reminders and review

export const progress = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report-progress/list`,
    access,
    summary: "Every active member company's response to a period: status, progress, steps, activity, reminders, open issues",
    query: progressListQuery,
    response: progressPageSchema,
  }),
);

export const progressDownload = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report-progress/download`,
    access,
    summary: 'The completion dashboard with the same filters, as an Excel file',
    query: progressDownloadQuery,
    responseKind: 'file',
  }),
);

export const remind = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/remind`,
    access,
    summary: 'E-mail a reminder now to one company, or to every company not yet complete',
    bodyType: 'json',
    body: remindBody,
    response: remindResultSchema,
  }),
);

export const returnResponse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/return`,
    access,
    summary: 'Return a submitted response with a question on a step; the respondent is e-mailed',
    bodyType: 'json',
    body: returnBody,
    responseKind: 'empty',
  }),
);

export const acceptResponse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/accept`,
    access,
    summary: 'Accept a submitted response: it will feed the statistics',
    bodyType: 'json',
    body: companyResponseBody,
    responseKind: 'empty',
  }),
);

export const excludeResponse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/exclude`,
    access,
    summary: "Exclude a company's response from the period, with a reason",
    bodyType: 'json',
    body: excludeBody,
    responseKind: 'empty',
  }),
);

export const reopenResponse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/reopen`,
    access,
    summary: 'Take an excluded response back in (in progress again)',
    bodyType: 'json',
    body: companyResponseBody,
    responseKind: 'empty',
  }),
);

export const extendDeadline = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report-progress/extend`,
    access,
    summary: "Give a company a later deadline than the period's, or take it back (null)",
    bodyType: 'json',
    body: extendBody,
    responseKind: 'empty',
  }),
);

export const outliers = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report-progress/outliers`,
    access,
    summary:
      "The response's grid rows whose base salary is more than 3× off the median of the period's other submitted or accepted responses (cells with enough companies only; staff only)",
    query: companyResponseBody,
    response: outliersSchema,
  }),
);

export const resetResponse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/report-progress/remove`,
    access,
    summary: "Reset a company's response with a reason: its answers are deleted (logged; not after publication)",
    query: resetQuery,
    responseKind: 'empty',
  }),
);

export const setTestCompany = defineEndpoint({
  method: 'POST',
  path: '/admin/report-progress/testCompany',
  access: ['admin'],
  summary: 'Mark a company as a test company (staff-only; never in statistics, counts or reminders) or not',
  bodyType: 'json',
  body: testCompanyBody,
  responseKind: 'empty',
});
