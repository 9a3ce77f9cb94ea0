import { documents as api, DOC_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { DocumentsService } from './documents.service.ts';

export function documentsRoutes(app: FastifyInstance, docs: DocumentsService): void {
  for (const p of DOC_PREFIXES) {
    route(app, api.list[p], ({ user, query }) => docs.list(user, query));
    route(app, api.download[p], async ({ user, query, reply }) => {
      const file = await docs.file(user, query.id);
      reply.header('Content-Length', file.size);
      return sendFile(reply, file.fileName, 'pdf', file.stream);
    });
  }
  route(app, api.upload, ({ user, body, files, request }) => docs.create(user, body, files[0], request.ip));
  route(app, api.update, ({ user, body, files, request }) => docs.update(user, body.id, body, files[0], request.ip));
  route(app, api.remove, ({ user, query, request }) => docs.remove(user, query.id, request.ip));
}
