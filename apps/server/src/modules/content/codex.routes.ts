import { codex as api, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { CodexService } from './codex.service.ts';
import type { SiteFiles } from './site-files.ts';

export function codexRoutes(app: FastifyInstance, codex: CodexService, siteFiles: SiteFiles): void {
  route(app, api.get, () => codex.get());
  route(app, api.pdf, async ({ query, reply }) => {
    const file = await siteFiles.file('codex');
    reply.header('Content-Length', file.size);
    return sendFile(reply, file.fileName, 'pdf', file.stream, query.inline ? 'inline' : 'attachment');
  });
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.save[p], ({ user, body, request }) => codex.save(user, body, request.ip));
    route(app, api.uploadPdf[p], ({ user, files, request }) => siteFiles.publish('codex', user, files[0], request.ip));
  }
}
