import { defineEndpoint } from '../http.ts';
import { ROLES } from '../roles.ts';
import {
  digestCreateFields,
  digestDeleteQuery,
  digestDownloadQuery,
  digestListQuery,
  digestPage,
  digestSchema,
  digestUpdateFields,
} from './digest.schemas.ts';

// Every role reads the digest; only admin publishes it (spec §6).

export const list = defineEndpoint({
  method: 'GET',
  path: '/digest',
  access: ROLES,
  summary: 'Issues of the media digest, newest first, paged, searched by name and filtered by year',
  query: digestListQuery,
  response: digestPage,
});

export const download = defineEndpoint({
  method: 'GET',
  path: '/digest/download',
  access: ROLES,
  summary: 'One issue as its PDF, to open in the browser (inline=true) or to download under its own name',
  query: digestDownloadQuery,
  responseKind: 'file',
});

export const create = defineEndpoint({
  method: 'POST',
  path: '/admin/digest/create',
  access: ['admin'],
  summary: 'Publish an issue: a PDF of at most 10 MB (multipart: file, optional fileName)',
  bodyType: 'multipart',
  body: digestCreateFields,
  response: digestSchema,
});

export const update = defineEndpoint({
  method: 'POST',
  path: '/admin/digest/update',
  access: ['admin'],
  summary: 'Rename an issue or replace its PDF (multipart: id, optional fileName, optional file)',
  bodyType: 'multipart',
  body: digestUpdateFields,
  response: digestSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/admin/digest/delete',
  access: ['admin'],
  summary: 'Delete an issue and its file',
  query: digestDeleteQuery,
  responseKind: 'empty',
});
