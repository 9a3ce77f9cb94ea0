import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { COMPANY_ROLES, perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import { areaPersonSchema, areasListBody, areasUpdateBody, areasUpdateResult, availableReportsSchema } from './survey-access.schemas.ts';

/**
 * Per-person areas of the survey and the reports. The spec lists these under /admin; staff run the survey day to day
 * and have the matrix's screens (/reports/access-surveys, /reports/access-reports), so /aipm has them too.
 */
export const areasList = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/access/areas/list`,
    access,
    summary: 'Company people with the survey and report areas they hold, paged, sorted, searched, filtered by company, role and area',
    bodyType: 'json',
    body: areasListBody,
    response: pageOf(areaPersonSchema),
  }),
);

export const areasUpdate = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/access/areas/update`,
    access,
    summary: 'Give or take away areas of many people at once: all or nothing',
    bodyType: 'json',
    body: areasUpdateBody,
    response: areasUpdateResult,
  }),
);

export const getAvailableReports = defineEndpoint({
  method: 'GET',
  path: '/user/report/getAvailableReports',
  access: COMPANY_ROLES,
  summary: 'The surveys the caller may fill now and the report areas they hold',
  response: availableReportsSchema,
});
