import type { MembershipRequest, RequestStatus } from '@portal/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { committeeRequests, committees, companies, users } from '../../db/schema/index.ts';
import { OPEN_STATUSES } from './committees.repository.ts';

export type RequestRow = typeof committeeRequests.$inferSelect;

const requester = alias(users, 'requester');

const select = (db: Executor) =>
  db
    .select({ r: committeeRequests, c: committees, person: users, company: companies, by: requester })
    .from(committeeRequests)
    .innerJoin(committees, eq(committees.id, committeeRequests.committeeId))
    .innerJoin(users, eq(users.id, committeeRequests.userId))
    .innerJoin(companies, eq(companies.id, committeeRequests.companyId))
    .innerJoin(requester, eq(requester.id, committeeRequests.requestedBy));

type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toRequest = ({ r, c, person, company, by }: Joined): MembershipRequest => ({
  id: r.id,
  committee: { id: c.id, parentId: c.parentId, nameEn: c.nameEn, nameRu: c.nameRu },
  person: { id: person.id, name: person.name, surname: person.surname, email: person.email },
  company: { id: company.id, name: company.name },
  requestedBy: { id: by.id, name: by.name, surname: by.surname },
  status: r.status,
  position: r.position,
  note: r.note,
  hasLetter: r.letterKey !== null,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** Whose requests a caller reads: their own, their company's, or all. */
export type RequestScope = { userId: number } | { companyId: number } | 'all';

const scopeFilter = (scope: RequestScope): SQL | undefined => {
  if (scope === 'all') return undefined;
  return 'userId' in scope ? eq(committeeRequests.userId, scope.userId) : eq(committeeRequests.companyId, scope.companyId);
};

export interface RequestFilters {
  status?: RequestStatus | undefined;
  committeeId?: number | undefined;
  sort?: 'createdAt' | 'status' | 'company' | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listRequests(db: Executor, scope: RequestScope, f: RequestFilters): Promise<{ rows: MembershipRequest[]; total: number }> {
  const where = and(
    scopeFilter(scope),
    f.status ? eq(committeeRequests.status, f.status) : undefined,
    f.committeeId ? eq(committeeRequests.committeeId, f.committeeId) : undefined,
  );
  const dir = f.order === 'asc' ? asc : desc;
  const order = {
    createdAt: [dir(committeeRequests.createdAt)],
    status: [dir(committeeRequests.status), desc(committeeRequests.createdAt)],
    company: [dir(companies.name), desc(committeeRequests.createdAt)],
  }[f.sort ?? 'createdAt'];
  const [rows, [counted]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...order, dir(committeeRequests.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(committeeRequests).where(where),
  ]);
  return { rows: rows.map(toRequest), total: counted?.n ?? 0 };
}

export async function request(db: Executor, id: number): Promise<MembershipRequest | undefined> {
  const [row] = await select(db).where(eq(committeeRequests.id, id));
  return row ? toRequest(row) : undefined;
}

export async function findRequest(tx: Executor, id: number, lock = false): Promise<RequestRow | undefined> {
  const query = tx.select().from(committeeRequests).where(eq(committeeRequests.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Inserts a request; undefined when one is already open for the person and committee (the partial unique index). */
export async function insertRequest(tx: Executor, values: typeof committeeRequests.$inferInsert): Promise<RequestRow | undefined> {
  const [row] = await tx.insert(committeeRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRequest(tx: Executor, id: number, values: Partial<RequestRow>): Promise<void> {
  await tx.update(committeeRequests).set(values).where(eq(committeeRequests.id, id));
}

/** The open request of each committee for a person, by committee. */
export async function openRequestsOf(db: Executor, userId: number): Promise<Map<number, { id: number; status: RequestStatus }>> {
  const rows = await db
    .select({ id: committeeRequests.id, committeeId: committeeRequests.committeeId, status: committeeRequests.status })
    .from(committeeRequests)
    .where(and(eq(committeeRequests.userId, userId), inArray(committeeRequests.status, OPEN_STATUSES)));
  return new Map(rows.map((r) => [r.committeeId, { id: r.id, status: r.status }]));
}

export async function countOpen(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(committeeRequests).where(inArray(committeeRequests.status, OPEN_STATUSES));
  return row?.n ?? 0;
}

/** Marks a company's open requests removed (its switching off); answers them. */
export async function removeOpenOfCompany(tx: Executor, companyId: number, now: Date, reason: string): Promise<RequestRow[]> {
  return tx
    .update(committeeRequests)
    .set({ status: 'removed', reason, decidedAt: now })
    .where(and(eq(committeeRequests.companyId, companyId), inArray(committeeRequests.status, OPEN_STATUSES)))
    .returning();
}

/** Who is e-mailed about a request: the person, who asked, and the company's active ceo; active people only, once each. */
export async function requestRecipients(db: Executor, r: RequestRow) {
  return db
    .selectDistinct({ id: users.id, email: users.email, name: users.name, locale: users.locale, role: users.role })
    .from(users)
    .where(
      and(eq(users.isActive, true), or(inArray(users.id, [r.userId, r.requestedBy]), and(eq(users.companyId, r.companyId), eq(users.role, 'ceo')))),
    );
}
