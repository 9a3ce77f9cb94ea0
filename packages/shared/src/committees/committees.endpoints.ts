import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { ROLES } from '../roles.ts';
import { committeeSchema } from './committees.schemas.ts';

export const list = defineEndpoint({
  method: 'GET',
  path: '/committee/list',
  access: ROLES,
  summary: 'The active committees, in their order',
  response: z.array(committeeSchema),
});

export const workingGroups = defineEndpoint({
  method: 'GET',
  path: '/committee/workingGroups',
  access: ROLES,
  summary: 'The active working groups of active committees, each with its committee (parentId), in their order',
  response: z.array(committeeSchema),
});
