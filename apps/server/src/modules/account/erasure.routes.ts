import { erasure, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import type { ErasureService } from './erasure.service.ts';

/** A person's own erasure request (after a second factor where the role requires one), and the staff's queue. */
export function erasureRoutes(app: FastifyInstance, service: ErasureService): void {
  route(app, erasure.mine, ({ user }) => service.mine(user));
  route(app, erasure.request, ({ user, request }) => service.request(user, request.ip));
  route(app, erasure.withdraw, ({ user, request }) => service.withdraw(user, request.ip));
  for (const p of STAFF_API_PREFIXES) {
    route(app, erasure.list[p], ({ query }) => service.list(query));
    route(app, erasure.confirm[p], ({ user, body, request }) => service.confirm(user, body.id, request.ip));
    route(app, erasure.refuse[p], ({ user, body, request }) => service.refuse(user, body, request.ip));
  }
}
