import { calendar as api, type Locale, STAFF_API_PREFIXES } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { sendFile, tableFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { CalendarService } from './calendar.service.ts';

const registrantColumns = (locale: Locale) => {
  const t = (key: string) => translate(locale, `content.calendar.${key}`);
  return [
    { header: t('person'), value: (r: { name: string }) => r.name, width: 28 },
    { header: t('email'), value: (r: { email: string }) => r.email, width: 30 },
    { header: t('company'), value: (r: { company: string }) => r.company, width: 30 },
    { header: t('place'), value: (r: { status: string }) => t(`status.${r.status}`), width: 18 },
    { header: t('registeredAt'), value: (r: { registeredAt: Date }) => r.registeredAt.toISOString().slice(0, 16).replace('T', ' '), width: 18 },
  ];
};

export function calendarRoutes(app: FastifyInstance, calendar: CalendarService): void {
  route(app, api.events, ({ user, query }) => calendar.between(user, query));
  route(app, api.event, ({ user, query }) => calendar.one(user, query.id));
  route(app, api.ics, async ({ user, locale, query, reply }) => {
    const file = await calendar.ics(user, locale, query.id);
    return sendFile(reply, file.name, 'ics', file.text);
  });
  route(app, api.register, ({ user, body, request }) => calendar.register({ user, ip: request.ip }, body.id));
  route(app, api.cancel, ({ user, body, request }) => calendar.cancel({ user, ip: request.ip }, body.id));
  route(app, api.feedLink, ({ user }) => calendar.feedLink(user));
  route(app, api.newFeedLink, ({ user, request }) => calendar.newFeedLink({ user, ip: request.ip }));
  route(app, api.revokeFeedLink, ({ user, request }) => calendar.revokeFeedLink({ user, ip: request.ip }));
  route(app, api.feed, async ({ query, reply }) => sendFile(reply, 'aipm.ics', 'ics', await calendar.feed(query.key), 'inline'));
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.create[p], ({ user, body, request }) => calendar.create({ user, ip: request.ip }, body));
    route(app, api.update[p], ({ user, body, request }) => calendar.update({ user, ip: request.ip }, body.id, body));
    route(app, api.move[p], ({ user, body, request }) => calendar.move({ user, ip: request.ip }, body));
    route(app, api.remove[p], ({ user, query, request }) => calendar.remove({ user, ip: request.ip }, query.id));
    route(app, api.registrants[p], ({ query }) => calendar.registrants(query.id, query));
    route(app, api.registrantsDownload[p], async ({ locale, query, reply }) => {
      const { title, rows } = await calendar.allRegistrants(locale, query.id);
      return sendFile(reply, `${title}.xlsx`, 'xlsx', await tableFile('xlsx', 'registrants', registrantColumns(locale), rows));
    });
  }
}
