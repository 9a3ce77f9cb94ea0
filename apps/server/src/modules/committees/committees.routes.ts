import { committees as api, isNamedPosition, type Locale, type Member, STAFF_API_PREFIXES } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sendFile, tableFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import { LogBook } from '../action-log/log-book.ts';
import type { CommitteesService } from './committees.service.ts';
import type { MailSettingsService } from './mail-settings.service.ts';
import type { MailingsService } from './mailings.service.ts';
import { companyOf, type MembersService } from './members.service.ts';
import type { MembershipRequestsService, Reader } from './membership-requests.service.ts';
import type { SubscribersService } from './subscribers.service.ts';

export interface CommitteeServices {
  db: Db;
  committees: CommitteesService;
  mailSettings: MailSettingsService;
  mailings: MailingsService;
  members: MembersService;
  membershipRequests: MembershipRequestsService;
  subscribers: SubscribersService;
}

const t = (locale: Locale, key: string) => translate(locale, `committees.columns.${key}`);
const positionName = (locale: Locale, position: string) =>
  isNamedPosition(position) ? translate(locale, `committees.positions.${position}`) : position;

const memberColumns = (locale: Locale) => [
  { header: t(locale, 'surname'), value: (m: Member) => m.surname, width: 22 },
  { header: t(locale, 'name'), value: (m: Member) => m.name, width: 18 },
  { header: t(locale, 'email'), value: (m: Member) => m.email, width: 30 },
  { header: t(locale, 'company'), value: (m: Member) => m.company.name, width: 30 },
  { header: t(locale, 'position'), value: (m: Member) => positionName(locale, m.position), width: 20 },
  { header: t(locale, 'since'), value: (m: Member) => m.since, width: 12 },
  { header: t(locale, 'until'), value: (m: Member) => m.until ?? '', width: 12 },
];

type ListRow = { email: string; surname: string; name: string; company: string; member: boolean; subscriber: boolean };
const distributionColumns = (locale: Locale) => [
  { header: t(locale, 'email'), value: (r: ListRow) => r.email, width: 30 },
  { header: t(locale, 'surname'), value: (r: ListRow) => r.surname, width: 22 },
  { header: t(locale, 'name'), value: (r: ListRow) => r.name, width: 18 },
  { header: t(locale, 'company'), value: (r: ListRow) => r.company, width: 30 },
  { header: t(locale, 'member'), value: (r: ListRow) => translate(locale, r.member ? 'common.yes' : 'common.no'), width: 10 },
  { header: t(locale, 'subscriber'), value: (r: ListRow) => translate(locale, r.subscriber ? 'common.yes' : 'common.no'), width: 10 },
];

/** A committee's name as a file name. */
const fileStem = (locale: Locale, c: { nameEn: string; nameRu: string }) => (locale === 'ru' ? c.nameRu : c.nameEn).replace(/[\\/:*?"<>|]+/g, ' ');

export function committeesRoutes(app: FastifyInstance, s: CommitteeServices): void {
  const log = new LogBook(s.db, ['committee']);
  const actor = (user: Parameters<typeof s.members.approved>[0], ip: string) => ({ user, ip });

  route(app, api.list, () => s.committees.list());
  route(app, api.workingGroups, () => s.committees.workingGroups());

  // A company person's own committees, requests and subscriptions.
  route(app, api.own, ({ user }) => s.committees.own(user));
  route(app, api.requestOwnMembership, ({ user, body, files, request }) =>
    s.membershipRequests.ask(
      actor(user, request.ip),
      { ...body, userId: user.id, position: 'member' },
      files.find((f) => f.field === 'letter'),
    ),
  );
  route(app, api.subscribes, ({ user }) => s.subscribers.own(user));
  route(app, api.setSubscribed, ({ user, body, request }) => s.subscribers.setOwn(actor(user, request.ip), body.committeeId, body.subscribed));

  const readers: Record<keyof typeof api.requests, Reader> = { user: 'own', ceo: 'company', trusted: 'company', admin: 'staff', aipm: 'staff' };
  for (const [p, reader] of Object.entries(readers) as [keyof typeof api.requests, Reader][]) {
    route(app, api.requests[p], ({ user, query }) => s.membershipRequests.list(user, reader, query));
    route(app, api.requestLetter[p], async ({ user, query, reply }) => {
      const letter = await s.membershipRequests.letter(user, reader, query.id);
      return sendFile(reply, letter.name, 'pdf', letter.stream);
    });
  }
  for (const p of ['user', 'ceo', 'trusted'] as const) {
    const reader = readers[p];
    route(app, api.withdrawRequest[p], ({ user, body, request }) => s.membershipRequests.withdraw(actor(user, request.ip), reader, body.id));
    route(app, api.approvedMembership[p], ({ user }) => s.members.approved(user, reader === 'company'));
  }

  // The company's representation.
  for (const p of ['ceo', 'trusted'] as const) {
    route(app, api.companyCommittees[p], ({ user }) => s.members.company(user));
    route(app, api.requestMembership[p], ({ user, body, files, request }) =>
      s.membershipRequests.ask(
        actor(user, request.ip),
        body,
        files.find((f) => f.field === 'letter'),
      ),
    );
    route(app, api.updateSubscribers[p], ({ user, body, files, request }) =>
      s.subscribers.setFromList(
        actor(user, request.ip),
        { companyId: companyOf(user) },
        body,
        files.find((f) => f.field === 'file'),
      ),
    );
  }
  for (const p of ['admin', 'aipm', 'ceo', 'trusted'] as const) {
    route(app, api.addMember[p], ({ user, body, request }) => s.members.add(actor(user, request.ip), body));
    route(app, api.updateMember[p], ({ user, body, request }) => s.members.update(actor(user, request.ip), body));
    route(app, api.removeMember[p], ({ user, query, request }) => s.members.remove(actor(user, request.ip), query.id));
  }

  // The staff's pages.
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.all[p], () => s.committees.all());
    route(app, api.members[p], ({ query }) => s.members.list(query));
    route(app, api.membersDownload[p], async ({ locale, query, reply }) => {
      const { committee, rows } = await s.members.all(query.committeeId, query.term);
      const data = await tableFile(query.format, 'members', memberColumns(locale), rows);
      return sendFile(reply, `${fileStem(locale, committee)}.${query.format}`, query.format, data);
    });
    route(app, api.takeRequest[p], ({ user, body, request }) => s.membershipRequests.take(actor(user, request.ip), body.id));
    route(app, api.confirmRequest[p], ({ user, body, request }) => s.membershipRequests.confirm(actor(user, request.ip), body));
    route(app, api.removeRequest[p], ({ user, body, request }) => s.membershipRequests.remove(actor(user, request.ip), body.id, body.reason));
    route(app, api.subscribers[p], ({ query }) => s.subscribers.list(query));
    route(app, api.addSubscriber[p], ({ user, body, request }) => s.subscribers.add(actor(user, request.ip), body.committeeId, body.userId));
    route(app, api.removeSubscriber[p], ({ user, query, request }) => s.subscribers.remove(actor(user, request.ip), query.committeeId, query.userId));
    route(app, api.setCommitteeSubscribers[p], ({ user, body, files, request }) =>
      s.subscribers.setFromList(
        actor(user, request.ip),
        { companyId: null, kind: 'committee' },
        body,
        files.find((f) => f.field === 'file'),
      ),
    );
    route(app, api.setWorkingGroupSubscribers[p], ({ user, body, files, request }) =>
      s.subscribers.setFromList(
        actor(user, request.ip),
        { companyId: null, kind: 'workingGroup' },
        body,
        files.find((f) => f.field === 'file'),
      ),
    );
    route(app, api.distribution[p], ({ query }) => s.subscribers.distributionPage(query));
    route(app, api.distributionAddresses[p], ({ query }) => s.subscribers.distributionAddresses(query.committeeId));
    route(app, api.distributionDownload[p], async ({ locale, query, reply }) => {
      const { committee, rows } = await s.subscribers.distribution(query.committeeId);
      const data = await tableFile(query.format, 'distribution', distributionColumns(locale), rows);
      return sendFile(reply, `${fileStem(locale, committee)}.${query.format}`, query.format, data);
    });
    route(app, api.stat[p], () => s.committees.stat());
    route(app, api.log[p], ({ query }) => log.list(query));
    route(app, api.mailSettings[p], () => s.mailSettings.get());
    route(app, api.updateMailSettings[p], ({ user, body, request }) => s.mailSettings.update(actor(user, request.ip), body));
    route(app, api.mailings[p], ({ query }) => s.mailings.list(query));
    route(app, api.mailing[p], ({ query }) => s.mailings.get(query.id));
    route(app, api.sendMailing[p], ({ user, body, request }) => s.mailings.send(actor(user, request.ip), body));
  }
  // A mailing's recipients, without logging in: the portal's page, and the mail client's one-click POST (RFC 8058).
  route(app, api.unsubscribeInfo, ({ query }) => s.mailings.unsubscribeInfo(query.token));
  route(app, api.unsubscribe, ({ query, request }) => s.mailings.unsubscribe(query.token, request.ip));
  route(app, api.logIsViewed, ({ query }) => log.markViewed(query.id));
  route(app, api.setAllLogIsViewed, () => log.markViewed());

  // Admin: committees and working groups themselves.
  for (const kind of ['committee', 'workingGroup'] as const) {
    const e = api[kind];
    route(app, e.add, ({ user, body, request }) => s.committees.add(actor(user, request.ip), kind, body));
    route(app, e.update, ({ user, body: { id, ...fields }, request }) => s.committees.update(actor(user, request.ip), kind, id, fields));
    route(app, e.setActive, ({ user, body, request }) => s.committees.setActive(actor(user, request.ip), kind, body.id, body.isActive));
    route(app, e.remove, ({ user, query, request }) => s.committees.remove(actor(user, request.ip), kind, query.id));
  }
}
