import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { logEntrySchema } from '../organisation/organisation.schemas.ts';
import { perPrefix, STAFF_API_PREFIXES } from '../roles.ts';
import { historyQuery } from './history.schemas.ts';

export const list = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/history`,
    access,
    summary: 'Every change across the portal, newest first, filtered by area, author, days and object, paged',
    query: historyQuery,
    response: pageOf(logEntrySchema),
  }),
);

export const download = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/history/download`,
    access,
    summary: 'The filtered history as Excel (at most 10,000 changes, newest first)',
    query: historyQuery,
    responseKind: 'file',
  }),
);
