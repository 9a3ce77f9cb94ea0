import { mail as api, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import type { TemplateImages } from './template-images.ts';
import type { TemplatesService } from './templates.service.ts';

export function templatesRoutes(app: FastifyInstance, templates: TemplatesService, images: TemplateImages): void {
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.list[p], () => templates.list());
    route(app, api.getById[p], ({ query }) => templates.getById(query.id));
    route(app, api.getByType[p], ({ query }) => templates.getByType(query.type));
    route(app, api.preview[p], async ({ body }) => templates.preview(body));
    route(app, api.testSend[p], ({ user, body }) => templates.test(user, body));
  }
  route(app, api.create, ({ user, body, request }) => templates.create({ user, ip: request.ip }, body));
  route(app, api.update, ({ user, body, request }) => templates.update({ user, ip: request.ip }, body));
  route(app, api.remove, ({ user, query, request }) => templates.remove({ user, ip: request.ip }, query.id));
  route(app, api.addImage, ({ user, files, request }) =>
    templates.addImage(
      { user, ip: request.ip },
      files.find((f) => f.field === 'image'),
    ),
  );
  route(app, api.image, async ({ query, reply }) => {
    const image = await images.get(query.name);
    return reply
      .header('Content-Type', image.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(image.stream);
  });
}
