import type { Application, applicationListQuery, approveBody, rejectBody, User } from '@portal/shared';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { signupRequests, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { AccountService } from '../account/account.service.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as companiesRepo from './companies.repository.ts';
import * as peopleRepo from './people.repository.ts';

/** Mail providers whose domain says nothing about the applicant's company. */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'yandex.ru',
  'ya.ru',
  'yandex.com',
  'rambler.ru',
];

const decider = alias(users, 'decider');
/** The first company (active ones first) whose domain is the applicant's, unless it is a public mail domain. */
const suggestion = (column: 'id' | 'name') =>
  sql.raw(`(SELECT c.${column} FROM companies c WHERE c.domain = split_part(signup_requests.email, '@', 2)
    AND c.domain NOT IN (${PUBLIC_MAIL_DOMAINS.map((d) => `'${d}'`).join(', ')}) ORDER BY c.is_active DESC, c.id LIMIT 1)`);

const SORTS = { createdAt: signupRequests.createdAt, surname: signupRequests.surname, company: signupRequests.company } as const;

/** Signup requests ("applications"): the moderators' queue, approval into a company, rejection with a reason. */
export class ApplicationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  async list(query: z.output<typeof applicationListQuery>): Promise<{ rows: Application[]; total: number }> {
    const sort = SORTS[query.sort ?? 'createdAt'];
    // Newest first unless asked otherwise: the queue is read from the top.
    const order = query.sort ? query.order : 'desc';
    const where = query.status ? eq(signupRequests.status, query.status) : undefined;
    const [rows, [counted]] = await Promise.all([
      this.select(this.db, where)
        .orderBy(order === 'desc' ? desc(sort) : asc(sort), desc(signupRequests.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(signupRequests).where(where),
    ]);
    return { rows: rows.map(toApplication), total: counted?.n ?? 0 };
  }

  /** Approves: the person is created (Registered) in the chosen or a new company and e-mailed the first-password link. */
  async approve(actor: User, input: z.output<typeof approveBody>, ip: string): Promise<Application> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const request = await this.lockedNew(tx, input.id);
      if (await peopleRepo.emailTaken(tx, request.email)) throw new AppError('EMAIL_TAKEN');
      let companyId = input.companyId;
      if (companyId === undefined) {
        const name = input.newCompanyName ?? request.company;
        if (await companiesRepo.companyNameTaken(tx, name))
          throw new AppError('COMPANY_NAME_TAKEN', { fields: { newCompanyName: 'errors.companyNameTaken' } });
        const domain = request.email.split('@')[1] ?? null;
        companyId = await companiesRepo.insertCompany(tx, {
          name,
          domain: domain && !PUBLIC_MAIL_DOMAINS.includes(domain) ? domain : null,
          status: 'confirmed',
          createdAt: now,
        });
        await writeLog(tx, now, {
          domain: 'users',
          action: 'company.added',
          entity: 'company',
          entityId: companyId,
          actorId: actor.id,
          after: { name },
          ip,
        });
      } else {
        const company = await companiesRepo.findCompany(tx, companyId);
        if (!company) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
        if (!company.isActive) throw new AppError('COMPANY_INACTIVE');
      }
      if (input.role === 'ceo' && (await peopleRepo.activeCeo(tx, companyId)))
        throw new AppError('CEO_EXISTS', { fields: { role: 'errors.ceoExists' } });
      const { id: _id, company: _company, status: _status, reason: _reason, decidedAt: _d, decidedBy: _b, createdAt: _c, ...person } = request;
      const userId = await peopleRepo.insertPerson(tx, {
        ...person,
        role: input.role,
        companyId,
        status: 'registered',
        createdAt: now,
        updatedAt: now,
      });
      await this.accounts.issueLink(tx, { id: userId, name: person.name, email: person.email, locale: person.locale }, 'first', now);
      await tx.update(signupRequests).set({ status: 'approved', decidedBy: actor.id, decidedAt: now }).where(eq(signupRequests.id, input.id));
      await writeLog(tx, now, {
        domain: 'users',
        action: 'application.approved',
        entity: 'user',
        entityId: userId,
        actorId: actor.id,
        after: { requestId: input.id, companyId, role: input.role },
        ip,
      });
    });
    return this.get(input.id);
  }

  async reject(actor: User, input: z.output<typeof rejectBody>, ip: string): Promise<Application> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const request = await this.lockedNew(tx, input.id);
      await tx
        .update(signupRequests)
        .set({ status: 'rejected', reason: input.reason, decidedBy: actor.id, decidedAt: now })
        .where(eq(signupRequests.id, input.id));
      await enqueueMail(tx, now, {
        type: 'applicationRejected',
        to: request.email,
        locale: request.locale,
        params: { name: request.name, company: request.company, reason: input.reason },
      });
      await writeLog(tx, now, {
        domain: 'users',
        action: 'application.rejected',
        entity: 'signupRequest',
        entityId: input.id,
        actorId: actor.id,
        after: { email: request.email, reason: input.reason },
        ip,
      });
    });
    return this.get(input.id);
  }

  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(signupRequests)
      .where(eq(signupRequests.status, 'new'));
    return row?.n ?? 0;
  }

  private async get(id: number): Promise<Application> {
    const [row] = await this.select(this.db, eq(signupRequests.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return toApplication(row);
  }

  private async lockedNew(tx: Executor, id: number) {
    const [request] = await tx.select().from(signupRequests).where(eq(signupRequests.id, id)).for('update');
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'new') throw new AppError('APPLICATION_DECIDED');
    return request;
  }

  private select(db: Executor, where: SQL | undefined) {
    return db
      .select({
        id: signupRequests.id,
        company: signupRequests.company,
        name: signupRequests.name,
        surname: signupRequests.surname,
        position: signupRequests.position,
        phone: signupRequests.phone,
        email: signupRequests.email,
        locale: signupRequests.locale,
        status: signupRequests.status,
        reason: signupRequests.reason,
        createdAt: signupRequests.createdAt,
        decidedAt: signupRequests.decidedAt,
        deciderName: sql<string | null>`${decider.name} || ' ' || ${decider.surname}`,
        suggestedId: sql<number | null>`${suggestion('id')}`,
        suggestedName: sql<string | null>`${suggestion('name')}`,
      })
      .from(signupRequests)
      .leftJoin(decider, eq(decider.id, signupRequests.decidedBy))
      .where(where);
  }
}

type Row = Awaited<ReturnType<ReturnType<ApplicationsService['select']>['execute']>>[number];

function toApplication(r: Row): Application {
  return {
    id: r.id,
    company: r.company,
    name: r.name,
    surname: r.surname,
    position: r.position,
    phone: r.phone,
    email: r.email,
    locale: r.locale,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.deciderName,
    suggestedCompany: r.suggestedId !== null && r.suggestedName !== null ? { id: r.suggestedId, name: r.suggestedName } : null,
  };
}
