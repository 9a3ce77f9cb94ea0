import { system } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Readiness } from '../../lib/readiness.ts';
import { route } from '../../plugins/endpoint.ts';

export function systemRoutes(app: FastifyInstance, database: Database, links: Config['links'], readiness: Readiness): void {
  route(app, system.health, async () => {
    await database.query('SELECT 1');
    return { status: 'ok' as const };
  });
  route(app, system.ready, async () => {
    if (!readiness.ready) throw new AppError('NOT_READY');
    return { status: 'ready' as const };
  });
  route(app, system.links, async () => links);
}
