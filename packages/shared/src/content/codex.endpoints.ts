import { defineEndpoint } from '../http.ts';
import { perPrefix, ROLES, STAFF_API_PREFIXES } from '../roles.ts';
import { codexBody, codexPdfQuery, codexSchema } from './codex.schemas.ts';
import { siteFileSchema } from './help.schemas.ts';

export const get = defineEndpoint({
  method: 'GET',
  path: '/codex',
  access: ROLES,
  summary: "The association's code of practice: its text in both languages and its PDF",
  response: codexSchema,
});

export const pdf = defineEndpoint({
  method: 'GET',
  path: '/codex/pdf',
  access: ROLES,
  summary: 'The code of practice as a PDF, to open (inline=true) or download',
  query: codexPdfQuery,
  responseKind: 'file',
});

export const save = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/codex/save`,
    access,
    summary: "Save the code of practice's text in both languages",
    bodyType: 'json',
    body: codexBody,
    response: codexSchema,
  }),
);

export const uploadPdf = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/codex/pdf`,
    access,
    summary: 'Publish or replace the code of practice as a PDF of at most 10 MB (multipart: file)',
    bodyType: 'multipart',
    response: siteFileSchema,
  }),
);
