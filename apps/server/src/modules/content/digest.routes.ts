import { digest as api } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { DigestService } from './digest.service.ts';

export function digestRoutes(app: FastifyInstance, digest: DigestService): void {
  route(app, api.list, ({ query }) => digest.list(query));
  route(app, api.download, async ({ query, reply }) => {
    const file = await digest.file(query.id);
    reply.header('Content-Length', file.size);
    return sendFile(reply, file.fileName, 'pdf', file.stream, query.inline ? 'inline' : 'attachment');
  });
  route(app, api.create, ({ user, body, files, request }) => digest.create(user, files[0], body.fileName, request.ip));
  route(app, api.update, ({ user, body, files, request }) => digest.update(user, body.id, files[0], body.fileName, request.ip));
  route(app, api.remove, ({ user, query, request }) => digest.remove(user, query.id, request.ip));
}
