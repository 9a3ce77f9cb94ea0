import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

// The database's errors as the driver raises them beneath the query builder's wrapping ('Failed query', with a cause).
const failedQuery = (code: string) => new Error('Failed query: update …', { cause: Object.assign(new Error(code), { code }) });

describe('errors the database raises', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.decorateRequest('locale', 'en');
    registerErrorHandling(app, '/nonexistent');
    app.get('/api/deadlock', async () => {
      throw failedQuery('40P01');
    });
    app.get('/api/serialisation', async () => {
      throw failedQuery('40001');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('a transaction rolled back by a deadlock or a serialisation failure is a 409 that says to try again, never a 500', async () => {
    for (const url of ['/api/deadlock', '/api/serialisation']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This action conflicts with the current state. Please reload and try again.' });
    }
  });
});
