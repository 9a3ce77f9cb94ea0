import { LOCALE_TAG, type Locale } from '@portal/shared';
import { REMINDER_DAYS_BEFORE } from '@portal/shared/survey-model';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { surveyReminders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { COUNTED_COMPANY } from './periods.repository.ts';
import { LOG, type PeriodsService } from './periods.service.ts';
import { type Recipient, surveyRecipients } from './recipients.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A response that needs nothing more from the company. */
const COMPLETE = sql.raw(`('submitted', 'accepted', 'excluded')`);
const DEADLINE = sql.raw(`CASE WHEN r.deadline_override > p.closes_at THEN r.deadline_override ELSE p.closes_at END`);

interface Due {
  period_id: number;
  company_id: number;
  company: string;
  title_en: string;
  title_ru: string;
  deadline: string;
}

/**
 * The automatic reminder a company is due now: the nearest of 14, 7 and 2 days before its deadline that has come, so a
 * period opened 5 days before its deadline sends the 2-day one only when its day comes, never the 14-day one late.
 */
export function reminderDue(deadline: Date, now: Date): number | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  const due = REMINDER_DAYS_BEFORE.filter((d) => left <= d * DAY_MS);
  return due.length ? Math.min(...due) : null;
}

/** Reminders to companies not yet complete: automatic ones before each company's deadline, and staff's one-click ones. */
export class RemindersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly periods: PeriodsService,
    private readonly options: { publicUrl: string; timeZone: string },
  ) {}

  private when(locale: Locale, at: Date): string {
    return new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: this.options.timeZone }).format(at);
  }

  /** The reminder e-mails of one company, one per recipient in their language. */
  mails(c: Omit<Due, 'period_id' | 'company_id'>, recipients: Recipient[], now: Date): OutgoingMail[] {
    const deadline = new Date(c.deadline);
    return recipients.map((r) => ({
      type: 'surveyReminder',
      to: r.email,
      locale: r.locale,
      params: {
        name: r.name,
        company: c.company,
        title: r.locale === 'ru' ? c.title_ru : c.title_en,
        deadline: this.when(r.locale, deadline),
        days: String(Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS))),
        link: `${this.options.publicUrl}${r.path}`,
      },
    }));
  }

  /** Companies of open periods not yet complete whose deadline is at most 14 days away (one company, or all). */
  private incomplete(db: Executor, now: Date, where: { periodId?: number; companyId?: number | null }): Promise<Due[]> {
    const companyFilter = where.companyId ? sql`c.id = ${where.companyId} AND c.is_active` : COUNTED_COMPANY;
    return queryRows<Due>(
      db,
      sql`SELECT p.id AS period_id, c.id AS company_id, c.name AS company, p.title_en, p.title_ru, ${DEADLINE} AS deadline
          FROM survey_periods p
          JOIN companies c ON ${companyFilter}
          LEFT JOIN survey_responses r ON r.period_id = p.id AND r.company_id = c.id
          WHERE p.kind = 'salary' AND p.status = 'open' AND ${where.periodId ? sql`p.id = ${where.periodId}` : sql`true`}
            AND coalesce(r.status, 'not_started') NOT IN ${COMPLETE}
            AND ${DEADLINE} > ${now.toISOString()}::timestamptz
          ORDER BY c.name, c.id`,
    );
  }

  /**
   * Sends the automatic reminders that are due (the app's background loop calls it every minute). Each company gets each
   * of them once: the unique index on survey_reminders decides, so two servers running it at once send one.
   */
  async remindDue(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const candidates = (await this.incomplete(tx, now, {})).flatMap((c) => {
        const days = reminderDue(new Date(c.deadline), now);
        return days ? [{ ...c, days }] : [];
      });
      if (!candidates.length) return 0;
      const sent = new Set(
        (
          await queryRows<{ key: string }>(
            tx,
            sql`SELECT period_id || ':' || company_id || ':' || days_before AS key FROM survey_reminders
                WHERE days_before IS NOT NULL AND period_id IN (${sql.join(
                  [...new Set(candidates.map((c) => c.period_id))].map((id) => sql`${id}`),
                  sql`, `,
                )})`,
          )
        ).map((r) => r.key),
      );
      const due = candidates.filter((c) => !sent.has(`${c.period_id}:${c.company_id}:${c.days}`));
      const recipients = await surveyRecipients(tx, [...new Set(due.map((c) => c.company_id))]);
      const rows = due.filter((c) => recipients.get(c.company_id)?.length);
      if (!rows.length) return 0;
      const inserted = await tx
        .insert(surveyReminders)
        .values(
          rows.map((c) => ({
            periodId: c.period_id,
            companyId: c.company_id,
            kind: 'reminder' as const,
            daysBefore: c.days,
            sentTo: recipients.get(c.company_id)!.map((r) => r.email),
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ periodId: surveyReminders.periodId, companyId: surveyReminders.companyId });
      const mails = inserted.flatMap((i) => {
        const c = rows.find((r) => r.period_id === i.periodId && r.company_id === i.companyId)!;
        return this.mails(c, recipients.get(c.company_id)!, now);
      });
      await enqueueMail(tx, now, mails);
      return inserted.length;
    });
  }

  /**
   * Staff's reminder now: to one company (a test company too, for trying it out) or to every member company not yet
   * complete. A company already complete, or a period not open, is refused.
   */
  async remind(actor: Actor, periodId: number, companyId: number | null): Promise<{ companies: number; messages: number }> {
    return this.db.transaction(async (tx) => {
      const period = await this.periods.get(tx, periodId, true);
      if (period.status !== 'open') throw new AppError('SURVEY_NOT_OPEN');
      const now = this.clock.now();
      const due = await this.incomplete(tx, now, { periodId, companyId });
      if (companyId && !due.length) throw new AppError('RESPONSE_MOVE_IMPOSSIBLE');
      const recipients = await surveyRecipients(
        tx,
        due.map((c) => c.company_id),
      );
      const reached = due.filter((c) => recipients.get(c.company_id)?.length);
      if (!reached.length) return { companies: 0, messages: 0 };
      await tx.insert(surveyReminders).values(
        reached.map((c) => ({
          periodId,
          companyId: c.company_id,
          kind: 'reminder' as const,
          sentTo: recipients.get(c.company_id)!.map((r) => r.email),
          sentAt: now,
          sentBy: actor.user.id,
        })),
      );
      const mails = reached.flatMap((c) => this.mails(c, recipients.get(c.company_id)!, now));
      await enqueueMail(tx, now, mails);
      await writeLog(
        tx,
        now,
        reached.map((c) => ({
          domain: LOG,
          action: 'survey.reminded' as const,
          entity: 'company',
          entityId: c.company_id,
          ...authorOf(actor),
          after: { periodId, company: c.company, sentTo: recipients.get(c.company_id)!.map((r) => r.email) },
        })),
      );
      return { companies: reached.length, messages: mails.length };
    });
  }
}
