import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { perPrefix, type Role, STAFF_API_PREFIXES } from '../roles.ts';
import {
  renderedMailSchema,
  templateCreateBody,
  templateIdQuery,
  templateImageQuery,
  templateImageSchema,
  templateSchema,
  templateSummarySchema,
  templateTrialBody,
  templateTypeQuery,
  templateUpdateBody,
} from './mail.schemas.ts';

const ADMIN: readonly Role[] = ['admin'];

// ---- staff read templates (mailings start from one); only admin creates, edits and deletes them (spec §6)

export const list = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/template/list`,
    access,
    summary: 'Every mail template, by type and name',
    response: z.array(templateSummarySchema),
  }),
);

export const getById = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/template/getById`,
    access,
    summary: 'One mail template with its subject and body in both languages',
    query: templateIdQuery,
    response: templateSchema,
  }),
);

export const getByType = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/template/getByType`,
    access,
    summary: 'The mail templates of one type, the built-in one first',
    query: templateTypeQuery,
    response: z.array(templateSchema),
  }),
);

export const preview = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/template/preview`,
    access,
    summary: 'A subject and body rendered with sample data as they would be sent (HTML sanitised, and its plain-text part)',
    bodyType: 'form',
    body: templateTrialBody,
    response: renderedMailSchema,
  }),
);

export const testSend = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/template/test`,
    access,
    summary: "A subject and body rendered with sample data and sent to the caller's own address",
    bodyType: 'form',
    body: templateTrialBody,
    responseKind: 'accepted',
  }),
);

export const create = defineEndpoint({
  method: 'POST',
  path: '/admin/template/create',
  access: ADMIN,
  summary: 'Add a template of a committee event or mailing type (every other type has its one built-in template)',
  bodyType: 'form',
  body: templateCreateBody,
  response: templateSchema,
});

export const update = defineEndpoint({
  method: 'POST',
  path: '/admin/template/update',
  access: ADMIN,
  summary: "Change a template's name, description, subjects and bodies (its type stays); the body is sanitised",
  bodyType: 'form',
  body: templateUpdateBody,
  response: templateSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/admin/template/delete',
  access: ADMIN,
  summary: 'Delete a template that is neither built in nor chosen in the committees’ settings',
  query: templateIdQuery,
  responseKind: 'empty',
});

export const addImage = defineEndpoint({
  method: 'POST',
  path: '/admin/template/addImage',
  access: ADMIN,
  summary: 'Store an image for template bodies (file field `image`: PNG, JPEG, GIF or WebP by content, at most 2 MB); answers its address',
  bodyType: 'multipart',
  response: templateImageSchema,
});

export const image = defineEndpoint({
  method: 'GET',
  path: '/mail/image',
  access: 'public',
  summary: 'An image of a template, for mail clients (no login)',
  query: templateImageQuery,
  responseKind: 'file',
});
