import { committees as api } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import type { CommitteesService } from './committees.service.ts';

export function committeesRoutes(app: FastifyInstance, committees: CommitteesService): void {
  route(app, api.list, () => committees.list());
  route(app, api.workingGroups, () => committees.workingGroups());
}
