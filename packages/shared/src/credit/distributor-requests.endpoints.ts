import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { COMPANY_ROLES, perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import {
  addRequestedDistributorBody,
  distributorRequestBody,
  distributorRequestListQuery,
  distributorRequestPageSchema,
  distributorRequestSchema,
  refuseDistributorRequestBody,
} from './distributor-requests.schemas.ts';

/**
 * Requests for distributors missing from the list: a company person with credit.fill asks, staff add the distributor
 * (the requester can then pick it) or refuse with a reason; either way the requester is e-mailed. Ours; the spec names none.
 */

export const create = defineEndpoint({
  method: 'POST',
  path: '/user/credit/requestDistributor',
  access: COMPANY_ROLES,
  summary: 'Ask the association to add a distributor (INN checked; not one already listed or already asked for)',
  bodyType: 'json',
  body: distributorRequestBody,
  response: distributorRequestSchema,
});

export const mine = defineEndpoint({
  method: 'GET',
  path: '/user/credit/distributorRequests',
  access: COMPANY_ROLES,
  summary: "The caller's company's requests, newest first (at most 20)",
  response: z.array(distributorRequestSchema),
});

export const list = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/distributor-requests`,
    access,
    summary: 'Requests for distributors paged, sorted, searched (name, INN, city, company) and filtered by status',
    query: distributorRequestListQuery,
    response: distributorRequestPageSchema,
  }),
);

export const add = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributor-requests/add`,
    access,
    summary: 'Add the requested distributor (as distributors/create) and close the request; the requester is e-mailed',
    bodyType: 'json',
    body: addRequestedDistributorBody,
    response: distributorRequestSchema,
  }),
);

export const refuse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/distributor-requests/refuse`,
    access,
    summary: 'Refuse a request with a reason; the requester is e-mailed',
    bodyType: 'json',
    body: refuseDistributorRequestBody,
    response: distributorRequestSchema,
  }),
);
