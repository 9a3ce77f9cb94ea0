import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { perPrefix } from '../roles.ts';
import { DOC_PREFIX_ROLES, DOC_PREFIXES, docFields, docIdQuery, docsQuery, docUpdateFields, documentSchema } from './documents.schemas.ts';

export const list = perPrefix(
  DOC_PREFIXES,
  (p, access) =>
    defineEndpoint({
      method: 'GET',
      path: `/${p}/docs`,
      access,
      summary: "The documents meant for the caller's role (admin: every document), newest first, paged, searched and by category",
      query: docsQuery,
      response: pageOf(documentSchema),
    }),
  DOC_PREFIX_ROLES,
);

export const download = perPrefix(
  DOC_PREFIXES,
  (p, access) =>
    defineEndpoint({
      method: 'GET',
      path: `/${p}/downloadDoc`,
      access,
      summary: 'A document meant for the caller, as its PDF (403 for a role it is not meant for)',
      query: docIdQuery,
      responseKind: 'file',
    }),
  DOC_PREFIX_ROLES,
);

export const upload = defineEndpoint({
  method: 'POST',
  path: '/admin/uploadDocFile',
  access: ['admin'],
  summary: 'Publish a document: a PDF of at most 10 MB with its title in both languages, category and roles (multipart; roles comma-separated)',
  bodyType: 'multipart',
  body: docFields,
  response: documentSchema,
});

export const update = defineEndpoint({
  method: 'POST',
  path: '/admin/updateDoc',
  access: ['admin'],
  summary: "Edit a document's title, category and roles, and replace its PDF when a file is sent (multipart)",
  bodyType: 'multipart',
  body: docUpdateFields,
  response: documentSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/admin/deleteDoc',
  access: ['admin'],
  summary: 'Delete a document and its file',
  query: docIdQuery,
  responseKind: 'empty',
});
