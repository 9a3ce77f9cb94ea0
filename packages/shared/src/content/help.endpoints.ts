import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { perPrefix, ROLES, STAFF_API_PREFIXES } from '../roles.ts';
import { helpDeleteQuery, helpGuideQuery, helpItemBody, helpItemSchema, helpMoveBody, helpPageSchema, siteFileSchema } from './help.schemas.ts';

export const page = defineEndpoint({
  method: 'GET',
  path: '/help',
  access: ROLES,
  summary: "The help page: questions and answers in both languages, the user instruction and the association's contacts",
  response: helpPageSchema,
});

export const guide = defineEndpoint({
  method: 'GET',
  path: '/help/guide',
  access: ROLES,
  summary: 'The user instruction (PDF), to open (inline=true) or download',
  query: helpGuideQuery,
  responseKind: 'file',
});

export const save = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/help/save`,
    access,
    summary: 'Add a question (without id, at the end) or edit one',
    bodyType: 'json',
    body: helpItemBody,
    response: helpItemSchema,
  }),
);

export const move = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/help/move`,
    access,
    summary: 'Move a question one place up or down',
    bodyType: 'json',
    body: helpMoveBody,
    response: z.array(helpItemSchema),
  }),
);

export const remove = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/help/delete`,
    access,
    summary: 'Delete a question',
    query: helpDeleteQuery,
    responseKind: 'empty',
  }),
);

export const uploadGuide = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/help/guide`,
    access,
    summary: 'Publish or replace the user instruction: a PDF of at most 10 MB (multipart: file)',
    bodyType: 'multipart',
    response: siteFileSchema,
  }),
);
