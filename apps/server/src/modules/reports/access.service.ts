import { type accessChange, type PublishedReport, type publishedQuery, rolePath, type setAccessBody, type User } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { ReportType, StaffDataScope } from '@portal/shared/reports-model';
import type { AccessArea } from '@portal/shared/survey-model';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { AreasService } from '../survey-access/areas.service.ts';
import { LOG, type PeriodsService } from '../survey-admin/periods.service.ts';
import * as repo from './access.repository.ts';
import { findReport, type ReportRow } from './editions.repository.ts';

/** The area a reader needs for each type of report (design §1.6): the credit function for credit, never sales. */
export const AREA_OF: Record<ReportType, AccessArea> = {
  general: 'salary.reports',
  full: 'salary.reports',
  car: 'car.reports',
  credit: 'credit.reports',
  company: 'company_report',
};

const typesOpenedBy = (areas: readonly AccessArea[]) => (Object.keys(AREA_OF) as ReportType[]).filter((t) => areas.includes(AREA_OF[t]));

type Change = z.output<typeof accessChange>;
type Subject = { periodId: number; reportId: number | null; reportType: ReportType | null };

/** Who the participants of a period are: the companies whose accepted answers its statistics (or credit data) hold. */
export type Participants = (tx: Executor, periodId: number) => Promise<number[]>;

/**
 * Who may read which report (design §1.6, §4): grants per report or per period and type, to companies or people,
 * publication with its e-mails, the readers' history, and the staff's data scopes. A reader needs a grant and the
 * matching area; changes are all or nothing, and a refused change names its rows.
 */
export class ReportAccessService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly areas: AreasService,
    private readonly periods: PeriodsService,
    private readonly participants: Participants,
    private readonly publicUrl: string,
  ) {}

  /** Staff need the scope an admin gave them by name (409 otherwise: their role may call, their scope is lacking); admins hold every scope. */
  async requireScope(user: Pick<User, 'id' | 'role'>, scope: StaffDataScope, tx: Executor = this.db): Promise<void> {
    if (user.role === 'admin') return;
    if (user.role !== 'staff' || !(await repo.scopesOf(tx, user.id)).includes(scope)) throw new AppError('STAFF_SCOPE_REQUIRED');
  }

  /** The period's participants with their names (whom `participants: true` reaches). */
  async participantsOf(periodId: number) {
    await this.periods.get(this.db, periodId);
    return repo.companiesNamed(this.db, await this.participants(this.db, periodId));
  }

  async listGrants(periodId: number) {
    await this.periods.get(this.db, periodId);
    return repo.listGrants(this.db, periodId);
  }

  /** One subject for many grantees: give or take away, and optionally publish (setAccessToReport). */
  async setAccess(actor: Actor, body: z.output<typeof setAccessBody>) {
    return this.db.transaction(async (tx) => {
      await this.requireScope(actor.user, 'report_admin', tx);
      const subject = await this.subject(
        tx,
        { periodId: body.periodId, reportId: body.reportId ?? null, reportType: body.reportType ?? null },
        'reportId',
      );
      const companyIds = [...new Set([...body.companyIds, ...(body.participants ? await this.participants(tx, body.periodId) : [])])];
      await this.checkGrantees(tx, companyIds, body.userIds, 'companyIds', 'userIds');
      const now = this.clock.now();
      const published = body.publish ? await repo.publish(tx, subject, actor.user.id, now) : [];
      if (body.publish && !published.length && !(await repo.hasPublished(tx, subject))) throw new AppError('REPORT_NOT_READY');
      const grantees = [
        ...companyIds.map((companyId) => ({ companyId, userId: null })),
        ...body.userIds.map((userId) => ({ companyId: null, userId })),
      ];
      const source = body.participants ? 'auto_participant' : 'manual';
      let granted = 0;
      let revoked = 0;
      const gained = { companyIds: [] as number[], userIds: [] as number[] };
      for (const g of grantees) {
        const grant = { ...subject, ...g };
        if (body.revoke) revoked += Number(await repo.revoke(tx, grant, actor.user.id, now));
        else if (await repo.grant(tx, grant, source, actor.user.id, now)) {
          granted++;
          if (g.companyId) gained.companyIds.push(g.companyId);
          else if (g.userId) gained.userIds.push(g.userId);
        }
      }
      // Everyone who can read a newly published edition is told, and so is everyone who gains access to a published one.
      const audience = published.length ? await this.audience(tx, subject) : gained;
      const notified = (await repo.hasPublished(tx, subject)) ? await this.notify(tx, subject, audience, now) : 0;
      await writeLog(tx, now, [
        ...published.map((id) => ({ domain: LOG, action: 'report.published' as const, entity: 'report', entityId: id, ...authorOf(actor) })),
        {
          domain: LOG,
          action: 'report.accessChanged',
          entity: 'reportAccess',
          entityId: subject.reportId ?? subject.periodId,
          after: { ...subject, companyIds, userIds: body.userIds, revoke: body.revoke, granted, revoked },
          ...authorOf(actor),
        },
      ]);
      return { granted, revoked, published: published.length, notified };
    });
  }

  /** The access screen's bulk save: every change or none ("Couldn't change access rights.", with the rows at fault). */
  async update(actor: Actor, changes: Change[]) {
    return this.db.transaction(async (tx) => {
      await this.requireScope(actor.user, 'report_admin', tx);
      const fields: Record<string, string> = {};
      const companies = await repo.existingCompanies(
        tx,
        changes.flatMap((c) => (c.companyId ? [c.companyId] : [])),
      );
      const people = await repo.existingCompanyPeople(
        tx,
        changes.flatMap((c) => (c.userId ? [c.userId] : [])),
      );
      const subjects: Subject[] = [];
      for (const [i, c] of changes.entries()) {
        try {
          subjects.push(
            await this.subject(tx, { periodId: c.periodId, reportId: c.reportId ?? null, reportType: c.reportType ?? null }, `changes.${i}.reportId`),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'ACCESS_RIGHTS_FAILED') throw err;
          Object.assign(fields, err.options.fields);
        }
        if (c.companyId && !companies.has(c.companyId)) fields[`changes.${i}.companyId`] = 'reports.validation.unknownCompany';
        if (c.userId && !people.has(c.userId)) fields[`changes.${i}.userId`] = 'reports.validation.unknownPerson';
      }
      if (Object.keys(fields).length) throw new AppError('ACCESS_RIGHTS_FAILED', { fields });
      const now = this.clock.now();
      let applied = 0;
      for (const [i, c] of changes.entries()) {
        const grant = { ...(subjects[i] as Subject), companyId: c.companyId ?? null, userId: c.userId ?? null };
        const changed = c.grant ? await repo.grant(tx, grant, 'manual', actor.user.id, now) : await repo.revoke(tx, grant, actor.user.id, now);
        if (!changed) continue;
        applied++;
        if (c.grant && (await repo.hasPublished(tx, grant)))
          await this.notify(tx, grant, { companyIds: c.companyId ? [c.companyId] : [], userIds: c.userId ? [c.userId] : [] }, now);
      }
      await writeLog(tx, now, {
        domain: LOG,
        action: 'report.accessChanged',
        entity: 'reportAccess',
        after: { changes, applied },
        ...authorOf(actor),
      });
      return { success: true, applied };
    });
  }

  /** A grant's subject: a report of the period, or a type; an unknown or foreign report names its field. */
  private async subject(tx: Executor, s: Subject, field: string): Promise<Subject> {
    await this.periods.get(tx, s.periodId);
    if (!s.reportId) return s;
    const report = await findReport(tx, s.reportId);
    if (!report || report.periodId !== s.periodId)
      throw new AppError('ACCESS_RIGHTS_FAILED', { fields: { [field]: 'reports.validation.unknownReport' } });
    return { periodId: s.periodId, reportId: report.id, reportType: null };
  }

  private async checkGrantees(tx: Executor, companyIds: number[], userIds: number[], companyField: string, userField: string): Promise<void> {
    const fields: Record<string, string> = {};
    const companies = await repo.existingCompanies(tx, companyIds);
    const people = await repo.existingCompanyPeople(tx, userIds);
    companyIds.forEach((id, i) => {
      if (!companies.has(id)) fields[`${companyField}.${i}`] = 'reports.validation.unknownCompany';
    });
    userIds.forEach((id, i) => {
      if (!people.has(id)) fields[`${userField}.${i}`] = 'reports.validation.unknownPerson';
    });
    if (Object.keys(fields).length) throw new AppError('ACCESS_RIGHTS_FAILED', { fields });
  }

  /** Everyone a subject's live grants reach. */
  private async audience(tx: Executor, subject: Subject) {
    const grants = (await repo.listGrants(tx, subject.periodId)).filter(
      (g) =>
        (subject.reportId ? g.reportId === subject.reportId : g.reportId === null) &&
        (subject.reportType ? g.reportType === subject.reportType : true),
    );
    return { companyIds: grants.flatMap((g) => (g.companyId ? [g.companyId] : [])), userIds: grants.flatMap((g) => (g.userId ? [g.userId] : [])) };
  }

  /** Tells the people who now may read the subject, where their report history is; answers how many were told. */
  private async notify(tx: Executor, subject: Subject, who: { companyIds: number[]; userIds: number[] }, now: Date): Promise<number> {
    const type = subject.reportType ?? (await findReport(tx, subject.reportId as number))?.type;
    if (!type) return 0;
    const period = await this.periods.get(tx, subject.periodId);
    const people = await this.areas.holdersIn(tx, AREA_OF[type], who);
    await enqueueMail(
      tx,
      now,
      people.map((p) => ({
        type: 'reportPublished' as const,
        to: p.email,
        locale: p.locale,
        params: {
          name: p.name,
          company: p.companyName,
          title: p.locale === 'ru' ? period.titleRu : period.titleEn,
          report: reportName(type, p.locale),
          link: `${this.publicUrl}${rolePath(p.role, 'reports/published')}`,
        },
      })),
    );
    return people.length;
  }

  // ---- readers

  private async readable(user: User) {
    const areas = await this.areas.areasOf(user);
    return repo.readableBy({ userId: user.id, companyId: user.company?.id ?? null }, typesOpenedBy(areas));
  }

  async published(user: User, f: z.output<typeof publishedQuery>): Promise<PublishedReport[]> {
    return repo.publishedFor(this.db, await this.readable(user), f);
  }

  /** The edition a company person asks for, if they may read it (404 when it does not exist, 403 when not theirs). */
  async requireReadable(user: User, reportId: number): Promise<ReportRow> {
    const report = await findReport(this.db, reportId);
    if (!report) throw new AppError('NOT_FOUND');
    if (!(await repo.isReadable(this.db, reportId, await this.readable(user)))) throw new AppError('FORBIDDEN');
    return report;
  }

  /** The editions of a period a company person may read, for their zip. */
  async readableOfPeriod(user: User, periodId: number, language: string | undefined): Promise<PublishedReport[]> {
    return repo.publishedFor(this.db, await this.readable(user), { periodId, language });
  }

  // ---- staff data scopes (admin)

  staffScopes() {
    return repo.listStaffScopes(this.db);
  }

  async updateStaffScopes(actor: Actor, changes: { userId: number; scope: StaffDataScope; grant: boolean }[]) {
    return this.db.transaction(async (tx) => {
      const staff = await repo.staffIds(
        tx,
        changes.map((c) => c.userId),
      );
      const fields: Record<string, string> = {};
      changes.forEach((c, i) => {
        if (!staff.has(c.userId)) fields[`changes.${i}.userId`] = 'reports.validation.notStaff';
      });
      if (Object.keys(fields).length) throw new AppError('ACCESS_RIGHTS_FAILED', { fields });
      const now = this.clock.now();
      let applied = 0;
      for (const c of changes) applied += Number(await repo.setScope(tx, c.userId, c.scope, c.grant, actor.user.id, now));
      await writeLog(tx, now, { domain: LOG, action: 'staffData.updated', entity: 'user', after: { changes, applied }, ...authorOf(actor) });
      return { success: true, applied };
    });
  }
}

const reportName = (type: ReportType, locale: 'en' | 'ru') => translate(locale, `reports.typeName.${type}`);
