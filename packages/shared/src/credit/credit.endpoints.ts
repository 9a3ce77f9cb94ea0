import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { COMPANY_ROLES, perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import {
  creditPeriodQuery,
  creditSaveBody,
  creditSubmissionSchema,
  creditSubmitBody,
  distributorBody,
  distributorGroupBody,
  distributorGroupSchema,
  distributorGroupUpdateBody,
  distributorListQuery,
  distributorOptionSchema,
  distributorPageSchema,
  distributorSchema,
  distributorSearchQuery,
  distributorUpdateBody,
  mergeDistributorsBody,
  mergeResultSchema,
} from './credit.schemas.ts';

/**
 * Distributors and credit data. The spec names the screens (/reports/distributors, /reports/selection/credit) but no
 * calls: these are ours, the staff's under /admin and /aipm, the companies' under /user/credit.
 */

// ---- distributors (staff)

export const distributors = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/distributors`,
    access,
    summary: 'Distributors paged, sorted and searched (name, INN, holding), filtered by status, type and holding',
    query: distributorListQuery,
    response: distributorPageSchema,
  }),
);

export const createDistributor = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributors/create`,
    access,
    summary: 'Add a distributor; its INN is checked and must not belong to another distributor',
    bodyType: 'json',
    body: distributorBody,
    response: distributorSchema,
  }),
);

export const updateDistributor = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributors/update`,
    access,
    summary: 'Edit a distributor (version-checked; not once merged)',
    bodyType: 'json',
    body: distributorUpdateBody,
    response: distributorSchema,
  }),
);

export const mergeDistributors = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributors/merge`,
    access,
    summary: 'Merge a duplicate into its survivor: every credit entry moves, the duplicate is marked merged; all or nothing',
    bodyType: 'json',
    body: mergeDistributorsBody,
    response: mergeResultSchema,
  }),
);

export const distributorGroups = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/distributor-groups`,
    access,
    summary: 'Holdings (distributor groups) by name, with how many distributors each holds',
    response: z.array(distributorGroupSchema),
  }),
);

export const createDistributorGroup = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributor-groups/create`,
    access,
    summary: 'Add a holding',
    bodyType: 'json',
    body: distributorGroupBody,
    response: distributorGroupSchema,
  }),
);

export const updateDistributorGroup = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributor-groups/update`,
    access,
    summary: 'Rename a holding',
    bodyType: 'json',
    body: distributorGroupUpdateBody,
    response: distributorGroupSchema,
  }),
);

// ---- a company's credit data (company people with the credit.fill area, their own company only)

const CREDIT = '/user/credit';

export const searchDistributors = defineEndpoint({
  method: 'GET',
  path: `${CREDIT}/distributors`,
  access: COMPANY_ROLES,
  summary: 'Active distributors whose name or INN matches, at most 20',
  query: distributorSearchQuery,
  response: z.array(distributorOptionSchema),
});

export const getSubmission = defineEndpoint({
  method: 'GET',
  path: `${CREDIT}/getSubmission`,
  access: COMPANY_ROLES,
  summary: "The company's credit data for a period (by default the running credit period); null when none runs",
  query: creditPeriodQuery,
  response: creditSubmissionSchema.nullable(),
});

export const saveSubmission = defineEndpoint({
  method: 'POST',
  path: `${CREDIT}/save`,
  access: COMPANY_ROLES,
  summary: "Save the company's rows per distributor (the whole set; version-checked, 409 with the newer data when stale)",
  bodyType: 'json',
  body: creditSaveBody,
  response: creditSubmissionSchema,
});

export const submitSubmission = defineEndpoint({
  method: 'POST',
  path: `${CREDIT}/submit`,
  access: COMPANY_ROLES,
  summary: "Submit the company's credit data to the association",
  bodyType: 'json',
  body: creditSubmitBody,
  response: creditSubmissionSchema,
});
