import { surveyAccess as api, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import type { AreasService } from './areas.service.ts';
import type { AvailableReportsService } from './available-reports.service.ts';

export function surveyAccessRoutes(app: FastifyInstance, areas: AreasService, available: AvailableReportsService): void {
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.areasList[p], ({ body }) => areas.list(body));
    route(app, api.areasUpdate[p], ({ user, body, request }) => areas.update({ user, ip: request.ip }, body.changes));
  }
  route(app, api.getAvailableReports, ({ user }) => available.of(user));
}
