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

/** Readiness, for a load balancer or an orchestrator: 503 while the server starts or drains (health is liveness). */
export const ready = defineEndpoint({
  method: 'GET',
  path: '/ready',
  access: 'public',
  summary: 'Readiness: 200 while the server takes requests, 503 (NOT_READY) while it starts or drains',
  response: z.object({ status: z.literal('ready') }),
});
