import { z } from 'zod';
import { defineEndpoint } from '../http.ts';

export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  access: 'public',
  summary: 'Liveness and database check',
  response: z.object({ status: z.literal('ok') }),
});

/** The external documents the spec links (§2), as the deployment configures them. */
export const links = defineEndpoint({
  method: 'GET',
  path: '/links',
  access: 'public',
  summary: 'The addresses of the personal data processing policy and of the survey instruction (configuration)',
  response: z.object({ personalDataPolicy: z.string(), surveyInstruction: z.string().nullable() }),
});
