import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { idBody } from '../organisation/organisation.schemas.ts';
import { perPrefix, ROLES, STAFF_API_PREFIXES } from '../roles.ts';
import { erasureListQuery, erasureRefuseBody, erasureRequestSchema, ownErasureSchema } from './erasure.schemas.ts';

export const mine = defineEndpoint({
  method: 'GET',
  path: '/user/erasure',
  access: ROLES,
  summary: "The current user's latest request to erase their personal data (null when none)",
  response: ownErasureSchema,
});

export const request = defineEndpoint({
  method: 'POST',
  path: '/user/erasure/request',
  access: ROLES,
  summary: 'Ask for the erasure of my personal data; staff confirm or refuse it (a company’s only general manager cannot ask)',
  response: ownErasureSchema,
});

export const withdraw = defineEndpoint({
  method: 'POST',
  path: '/user/erasure/withdraw',
  access: ROLES,
  summary: 'Withdraw my waiting erasure request',
  response: ownErasureSchema,
});

export const list = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/erasure`,
    access,
    summary: 'Erasure requests, waiting ones first by default',
    query: erasureListQuery,
    response: pageOf(erasureRequestSchema),
  }),
);

export const confirm = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/erasure/confirm`,
    access,
    summary:
      "Erase the person: their name, e-mail, phone and position become a placeholder everywhere, sessions, passkeys, second factor and subscriptions are removed; votes and the log's actions stay",
    bodyType: 'form',
    body: idBody,
    response: erasureRequestSchema,
  }),
);

export const refuse = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/erasure/refuse`,
    access,
    summary: 'Refuse an erasure request with a reason, which is e-mailed to the person',
    bodyType: 'form',
    body: erasureRefuseBody,
    response: erasureRequestSchema,
  }),
);
