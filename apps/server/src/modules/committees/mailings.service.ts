import type { Mailing, MailingSummary, mailingBody, Unsubscribe } from '@portal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { enqueueMail, mailProgressOf } from '../../mail/outbox.ts';
import { checkMessage, withUnsubscribeFooter } from '../../mail/templates.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { type CommitteesService, dayOf, LOG } from './committees.service.ts';
import { type MailSettingsService, senderFor } from './mail-settings.service.ts';
import * as repo from './mailings.repository.ts';
import * as subscribers from './subscribers.repository.ts';

const topicOf = (mailingId: number) => `mailing:${mailingId}`;

/**
 * Mailings: a message to a committee's or group's distribution list, each recipient's in their language through the
 * outbox, with a one-click unsubscribe link of their own (RFC 8058) that stops the committee's mailings to them
 * without logging in. A link is used once; a forged or unknown one is refused.
 */
export class MailingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly committees: CommitteesService,
    private readonly settings: MailSettingsService,
    private readonly publicUrl: string,
  ) {}

  async send(actor: Actor, f: z.output<typeof mailingBody>): Promise<Mailing> {
    const text = checkMessage('committeeMailing', f);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const committee = await this.committees.activeLocked(tx, f.committeeId);
      const people = await subscribers.distribution(tx, committee.id, dayOf(now));
      if (!people.length) throw new AppError('VALIDATION', { fields: { committeeId: 'committees.validation.noRecipients' } });
      const mailingId = await repo.insertMailing(tx, {
        committeeId: committee.id,
        ...text,
        authorId: actor.user.id,
        recipients: people.length,
        createdAt: now,
      });
      const recipients = people.map((p) => ({ ...p, token: randomToken() }));
      // Only the tokens' hashes are kept, as for every token the portal hands out.
      await repo.insertRecipients(
        tx,
        mailingId,
        recipients.map((p) => ({ userId: p.userId, tokenHash: sha256(p.token) })),
      );
      const choice = await this.settings.forEvent(tx, 'mailing');
      const template = withUnsubscribeFooter(text);
      await enqueueMail(
        tx,
        now,
        recipients.map((p) => ({
          type: 'committeeMailing',
          to: p.email,
          locale: p.locale,
          params: {
            name: p.name,
            title: p.locale === 'ru' ? committee.nameRu : committee.nameEn,
            link: `${this.publicUrl}/unsubscribe?token=${p.token}`,
          },
          template,
          topic: topicOf(mailingId),
          senderName: senderFor(choice, p.locale),
          headers: {
            'List-Unsubscribe': `<${this.publicUrl}/api/mail/unsubscribe?token=${p.token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        })),
      );
      await writeLog(tx, now, {
        domain: LOG,
        action: 'mailing.sent',
        entity: 'committee',
        entityId: committee.id,
        ...authorOf(actor),
        after: { mailing: mailingId, subject: text.subjectEn, recipients: people.length },
      });
      return mailingId;
    });
    return this.get(id);
  }

  async list(q: { committeeId: number; page: number; pageSize: number }): Promise<{ rows: MailingSummary[]; total: number }> {
    await this.committees.existing(this.db, q.committeeId);
    const { rows, total } = await repo.mailingsPage(this.db, q.committeeId, q.page, q.pageSize);
    const progress = await mailProgressOf(
      this.db,
      rows.map((r) => topicOf(r.id)),
    );
    return { total, rows: rows.map(({ bodyEn: _en, bodyRu: _ru, ...r }) => ({ ...summaryOf(r), ...progress.get(topicOf(r.id))! })) };
  }

  async get(id: number): Promise<Mailing> {
    const row = await repo.mailingById(this.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const progress = await mailProgressOf(this.db, [topicOf(id)]);
    return { ...summaryOf(row), bodyEn: row.bodyEn, bodyRu: row.bodyRu, ...progress.get(topicOf(id))! };
  }

  async unsubscribeInfo(token: string): Promise<Unsubscribe> {
    const r = await repo.recipientByToken(this.db, sha256(token));
    if (!r) throw new AppError('LINK_INVALID');
    return { committee: r.committee, email: r.email, done: r.unsubscribedAt !== null };
  }

  /** Uses the link: the committee's mailings stop reaching its recipient. A second use changes nothing. */
  async unsubscribe(token: string, ip: string): Promise<Unsubscribe> {
    return this.db.transaction(async (tx) => {
      const r = await repo.recipientByToken(tx, sha256(token), true);
      if (!r) throw new AppError('LINK_INVALID');
      const now = this.clock.now();
      if (await repo.useToken(tx, r.mailingId, r.userId, now)) {
        await subscribers.optOut(tx, r.committee.id, r.userId, now);
        await writeLog(tx, now, {
          domain: LOG,
          action: 'subscriber.unsubscribed',
          entity: 'committee',
          entityId: r.committee.id,
          ip,
          after: { person: r.email },
        });
      }
      return { committee: r.committee, email: r.email, done: true };
    });
  }
}

const summaryOf = (r: Omit<NonNullable<Awaited<ReturnType<typeof repo.mailingById>>>, 'bodyEn' | 'bodyRu'>) => ({
  id: r.id,
  committeeId: r.committeeId,
  subjectEn: r.subjectEn,
  subjectRu: r.subjectRu,
  author: r.authorName ? `${r.authorName} ${r.authorSurname}` : '',
  createdAt: r.createdAt.toISOString(),
  recipients: r.recipients,
});
