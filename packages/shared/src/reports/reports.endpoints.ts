import { z } from 'zod';
import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { COMPANY_ROLES, perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import { periodIdQuery } from '../survey/survey-admin.schemas.ts';
import {
  accessGrantSchema,
  accessListQuery,
  accessUpdateBody,
  accessUpdateResult,
  archiveIdQuery,
  createReportBody,
  cutBody,
  cutResultSchema,
  freezeBody,
  participantSchema,
  periodReportsSchema,
  publishedQuery,
  publishedReportSchema,
  reportIdBody,
  reportIdQuery,
  reportSchema,
  setAccessBody,
  setAccessResult,
  staffDataPersonSchema,
  staffDataUpdateBody,
  taskIdQuery,
  taskStartedSchema,
  taskStatusSchema,
  tasksQuery,
  zipBody,
  zipReportsQuery,
  zipStartedSchema,
} from './reports.schemas.ts';

/**
 * The reports' calls (spec §7 "Reports (admin; identical set under /{product})", "Reports (user)", "Access"; design §4).
 * The spec's GET paths that change state (startGeneration, createZip, setAccessToReport, convertToPdf, create/report/*)
 * keep their paths and take POST: a GET must never change anything (CSRF, prefetching, crawlers).
 */

// ---- statistics and editions (staff)

export const periodReports = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/list`,
    access,
    summary: "A period's frozen statistics and its report editions, with the task building each",
    query: periodIdQuery,
    response: periodReportsSchema,
  }),
);

export const freezeStatistics = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/freeze`,
    access,
    summary: "Freeze the period's statistics from its accepted responses (a compute_stats task); 409 while one runs",
    bodyType: 'json',
    body: freezeBody,
    response: taskStartedSchema,
  }),
);

/** One creation call per report type: the spec names general and car; full, company (one per participant) and credit follow. */
const createReport = (type: 'general' | 'car' | 'full' | 'company' | 'credit') =>
  perPrefix(STAFF_API_PREFIXES, (p, access) =>
    defineEndpoint({
      method: 'POST',
      path: `/${p}/create/report/${type}`,
      access,
      summary: `Create (or return) the draft ${type} report of a period in a language, on its latest frozen statistics; 409 without them`,
      bodyType: 'json',
      body: createReportBody,
      response: z.array(reportSchema),
    }),
  );
export const createGeneralReport = createReport('general');
export const createCarReport = createReport('car');
export const createFullReport = createReport('full');
export const createCompanyReports = createReport('company');
export const createCreditReport = createReport('credit');

export const startGeneration = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/startGeneration`,
    access,
    summary: 'Build a report file in a durable job; 409 while the same report is building',
    bodyType: 'json',
    body: reportIdBody,
    response: taskStartedSchema,
  }),
);

export const convertToPdf = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/convertToPdf`,
    access,
    summary: 'Make the PDF edition of a ready xlsx report in a durable job',
    bodyType: 'json',
    body: reportIdBody,
    response: taskStartedSchema,
  }),
);

export const tasks = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/tasks`,
    access,
    summary: "Generation runs, newest first: a period's, or every run still queued or running",
    query: tasksQuery,
    response: z.array(taskStatusSchema),
  }),
);

export const checkStatus = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/checkStatus`,
    access,
    summary: "A task's state, stage and progress, with when to ask again",
    query: taskIdQuery,
    response: taskStatusSchema,
  }),
);

export const download = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/download`,
    access,
    summary: 'A report file, stamped with the reader; every download is logged',
    query: reportIdQuery,
    responseKind: 'file',
  }),
);

export const createZip = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/createZip`,
    access,
    summary: "A zip of a period's ready reports in a language, built in a durable job",
    bodyType: 'json',
    body: zipBody,
    response: zipStartedSchema,
  }),
);

export const downloadZip = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/downloadZip`,
    access,
    summary: 'A built zip of reports',
    query: archiveIdQuery,
    responseKind: 'file',
  }),
);

export const interactiveCut = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/cut`,
    access,
    summary: 'Salary statistics per position for a group of regions and a company size band, with the period’s anonymity rules',
    bodyType: 'json',
    body: cutBody,
    response: cutResultSchema,
  }),
);

// ---- access and publication (staff)

export const setAccessToReport = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/report/setAccessToReport`,
    access,
    summary: 'Give or take away a report (or a period’s reports of a type) for companies, the participants or people; optionally publish',
    bodyType: 'json',
    body: setAccessBody,
    response: setAccessResult,
  }),
);

export const accessReportsList = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/access/reports/list`,
    access,
    summary: "Who may read a period's reports",
    query: accessListQuery,
    response: z.array(accessGrantSchema),
  }),
);

export const participants = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/report/participants`,
    access,
    summary: "A period's participants, whom publication to the participants reaches: the companies its statistics or credit report hold",
    query: periodIdQuery,
    response: z.array(participantSchema),
  }),
);

export const accessReportsUpdate = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/access/reports/update`,
    access,
    summary: 'Many report access changes at once: all or nothing',
    bodyType: 'json',
    body: accessUpdateBody,
    response: accessUpdateResult,
  }),
);

/** Admin only (spec: only admin "has report access for {product}"): which staff may open company-identifiable data. */
export const staffDataList = defineEndpoint({
  method: 'GET',
  path: '/admin/access/staff-data/list',
  access: ['admin'],
  summary: 'Staff with the data scopes they hold',
  response: pageOf(staffDataPersonSchema),
});

export const staffDataUpdate = defineEndpoint({
  method: 'POST',
  path: '/admin/access/staff-data/update',
  access: ['admin'],
  summary: "Give or take away staff's data scopes: all or nothing",
  bodyType: 'json',
  body: staffDataUpdateBody,
  response: accessUpdateResult,
});

// ---- readers

export const getPublishedReports = defineEndpoint({
  method: 'GET',
  path: '/user/report/getPublishedReports',
  access: COMPANY_ROLES,
  summary: 'Report history: every published report the caller may read (their company’s or their own grant, and the area)',
  query: publishedQuery,
  response: z.array(publishedReportSchema),
});

export const downloadPublished = defineEndpoint({
  method: 'GET',
  path: '/user/report/download',
  access: COMPANY_ROLES,
  summary: 'A published report the caller may read, stamped with their name and company; logged',
  query: reportIdQuery,
  responseKind: 'file',
});

export const downloadZipReports = defineEndpoint({
  method: 'GET',
  path: '/user/report/downloadZipReports',
  access: COMPANY_ROLES,
  summary: 'A zip of every report of a period the caller may read, streamed as it is built; logged',
  query: zipReportsQuery,
  responseKind: 'file',
});
