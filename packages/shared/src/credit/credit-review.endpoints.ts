import { defineEndpoint } from '../http.ts';
import { perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import { creditReturnBody, creditReviewListQuery, creditReviewPageSchema, creditReviewSchema, creditReviewTarget } from './credit-review.schemas.ts';

/**
 * The staff's review of a credit period's submissions, as the salary survey's (report-progress/return|accept): read one,
 * accept it (only accepted data feeds the credit report) or return it with a question. Ours; the spec names no calls.
 */

export const list = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/credit-submissions`,
    access,
    summary: "A credit period's submissions paged, sorted and filtered by status and company: totals and open questions",
    query: creditReviewListQuery,
    response: creditReviewPageSchema,
  }),
);

export const get = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/credit-submissions/get`,
    access,
    summary: "One company's credit data for a period, read-only, with its history",
    query: creditReviewTarget,
    response: creditReviewSchema,
  }),
);

export const accept = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/credit-submissions/accept`,
    access,
    summary: 'Accept a submitted credit submission: it will feed the credit report',
    bodyType: 'json',
    body: creditReviewTarget,
    responseKind: 'empty',
  }),
);

export const returnWithQuestion = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/credit-submissions/return`,
    access,
    summary: 'Return a submitted credit submission with a question; it becomes editable again and the company is e-mailed',
    bodyType: 'json',
    body: creditReturnBody,
    responseKind: 'empty',
  }),
);
