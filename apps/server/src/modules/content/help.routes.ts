import { help as api, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { HelpService } from './help.service.ts';
import type { SiteFiles } from './site-files.ts';

export function helpRoutes(app: FastifyInstance, help: HelpService, siteFiles: SiteFiles): void {
  route(app, api.page, () => help.page());
  route(app, api.guide, async ({ query, reply }) => {
    const file = await siteFiles.file('userGuide');
    reply.header('Content-Length', file.size);
    return sendFile(reply, file.fileName, 'pdf', file.stream, query.inline ? 'inline' : 'attachment');
  });
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.save[p], ({ user, body, request }) => help.save(user, body, request.ip));
    route(app, api.move[p], ({ user, body, request }) => help.move(user, body.id, body.direction, request.ip));
    route(app, api.remove[p], ({ user, query, request }) => help.remove(user, query.id, request.ip));
    route(app, api.uploadGuide[p], ({ user, files, request }) => siteFiles.publish('userGuide', user, files[0], request.ip));
  }
}
