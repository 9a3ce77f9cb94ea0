import { z } from 'zod';
import { defineEndpoint } from '../http.ts';

export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  access: 'public',
  summary: 'Liveness and database check',
  response: z.object({ status: z.literal('ok') }),
});
