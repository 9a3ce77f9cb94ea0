import type { ErasureRequest, ErasureStatus, erasureListQuery } from '@portal/shared';
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  actionLog,
  calendarFeeds,
  committeeMembers,
  committeeOptOuts,
  committeeRequests,
  committeeSubscribers,
  companies,
  erasureRequests,
  loginChallenges,
  mailOutbox,
  passkeys,
  recoveryCodes,
  registrationCodes,
  reportAccess,
  respondentContacts,
  sessions,
  signupRequests,
  staffDataAccess,
  trustedDevices,
  twoFactors,
  userAreaAccess,
  users,
  webauthnChallenges,
} from '../../db/schema/index.ts';

const decider = alias(users, 'decider');

const requestColumns = {
  id: erasureRequests.id,
  userId: erasureRequests.userId,
  name: users.name,
  surname: users.surname,
  email: users.email,
  role: users.role,
  company: companies.name,
  status: erasureRequests.status,
  reason: erasureRequests.reason,
  requestedAt: erasureRequests.requestedAt,
  decidedAt: erasureRequests.decidedAt,
  decidedBy: sql<string | null>`CASE WHEN ${decider.id} IS NULL THEN NULL ELSE ${decider.name} || ' ' || ${decider.surname} END`,
};

type RequestRow = {
  [K in keyof typeof requestColumns]: K extends 'requestedAt' ? Date : K extends 'decidedAt' ? Date | null : unknown;
};

const toRequest = (r: RequestRow): ErasureRequest =>
  ({
    ...r,
    requestedAt: r.requestedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }) as ErasureRequest;

const selectRequests = (db: Executor) =>
  db
    .select(requestColumns)
    .from(erasureRequests)
    .innerJoin(users, eq(users.id, erasureRequests.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(decider, eq(decider.id, erasureRequests.decidedBy));

const SORTS = { requestedAt: erasureRequests.requestedAt, surname: users.surname } as const;

/** The staff's queue: waiting requests by default, oldest first (the queue is worked from the top). */
export async function listRequests(db: Executor, query: z.output<typeof erasureListQuery>): Promise<{ rows: ErasureRequest[]; total: number }> {
  const sort = SORTS[query.sort ?? 'requestedAt'];
  const where = query.status ? eq(erasureRequests.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(query.order === 'desc' ? desc(sort) : asc(sort), asc(erasureRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(erasureRequests).where(where),
  ]);
  return { rows: rows.map(toRequest), total: counted?.n ?? 0 };
}

export async function findRequest(db: Executor, id: number, lock = false): Promise<ErasureRequest | null> {
  const query = selectRequests(db).where(eq(erasureRequests.id, id));
  const [row] = lock ? await query.for('update', { of: erasureRequests }) : await query;
  return row ? toRequest(row) : null;
}

/** The person's latest request, whatever its status. */
export async function latestOwnRequest(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: erasureRequests.id,
      status: erasureRequests.status,
      reason: erasureRequests.reason,
      requestedAt: erasureRequests.requestedAt,
      decidedAt: erasureRequests.decidedAt,
    })
    .from(erasureRequests)
    .where(eq(erasureRequests.userId, userId))
    .orderBy(desc(erasureRequests.id))
    .limit(1);
  return row ? { ...row, requestedAt: row.requestedAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null } : null;
}

/** A new waiting request; false when one is already waiting (the partial unique index decides, also under a race). */
export async function insertRequest(db: Executor, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(erasureRequests)
    .values({ userId, requestedAt: now })
    .onConflictDoNothing({ target: erasureRequests.userId, where: sql`${erasureRequests.status} = 'pending'` })
    .returning({ id: erasureRequests.id });
  return rows.length > 0;
}

export async function decideRequest(
  db: Executor,
  id: number,
  values: { status: Exclude<ErasureStatus, 'pending'>; reason?: string; decidedBy: number | null; decidedAt: Date },
): Promise<void> {
  await db.update(erasureRequests).set(values).where(eq(erasureRequests.id, id));
}

export async function pendingRequestOf(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.userId, userId), eq(erasureRequests.status, 'pending')))
    .for('update');
  return row?.id ?? null;
}

/** Whether the person is the active general manager of their company (a company has at most one). */
export async function isActiveCeo(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'ceo'), eq(users.isActive, true)));
  return Boolean(row);
}

/**
 * Whether the person is an active admin and no other admin is active. The active admins are locked, so two erasures of
 * the last two admins at once cannot both pass.
 */
export async function isLastAdmin(db: Executor, userId: number): Promise<boolean> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return admins.length === 1 && admins[0]?.id === userId;
}

/** What identifies a person, read before it is erased. */
export async function identityOf(db: Executor, userId: number, lock = false) {
  const query = db
    .select({ name: users.name, surname: users.surname, email: users.email, phone: users.phone, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The person's signup requests, read before they are erased: the one their account was approved from (the approval's
 * entry names it, so it is found after a change of address too) and every one sent from their address or from that
 * request's, unless another person's account has that address now (the requests sent from it may be theirs).
 */
export async function signupRequestsOf(db: Executor, userId: number, email: string, lock = true) {
  const approvals = await db
    .select({ after: actionLog.after })
    .from(actionLog)
    .where(and(eq(actionLog.entity, 'user'), eq(actionLog.entityId, userId), eq(actionLog.action, 'application.approved')));
  const linked = approvals.flatMap((a) => {
    const requestId = (a.after as { requestId?: unknown } | null)?.requestId;
    return typeof requestId === 'number' ? [requestId] : [];
  });
  const linkedAddresses = linked.length
    ? (await db.select({ email: signupRequests.email }).from(signupRequests).where(inArray(signupRequests.id, linked))).map((r) => r.email)
    : [];
  const addresses = [...new Set([email, ...linkedAddresses])];
  const othersAddresses = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(and(ne(users.id, userId), inArray(users.email, addresses)))
    ).map((r) => r.email),
  );
  const own = addresses.filter((a) => !othersAddresses.has(a));
  const found = or(linked.length ? inArray(signupRequests.id, linked) : undefined, inArray(signupRequests.email, own));
  const query = db
    .select({
      id: signupRequests.id,
      name: signupRequests.name,
      surname: signupRequests.surname,
      email: signupRequests.email,
      phone: signupRequests.phone,
    })
    .from(signupRequests)
    .where(found)
    .orderBy(asc(signupRequests.id));
  // Locked for an erasure, which changes them; read as they are for the person's export.
  return { rows: lock ? await query.for('update') : await query, addresses: own };
}

/** Which of the values are another person's own name or surname: a namesake's, so the value alone may be theirs. */
export async function namesOfOthers(db: Executor, userId: number, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const lowered = sql.join(
    values.map((v) => sql`lower(${v})`),
    sql`, `,
  );
  const rows = await db
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(and(ne(users.id, userId), or(sql`lower(${users.name}) IN (${lowered})`, sql`lower(${users.surname}) IN (${lowered})`)));
  const borne = new Set(rows.flatMap((r) => [r.name.toLowerCase(), r.surname.toLowerCase()]));
  return new Set(values.filter((v) => borne.has(v.toLowerCase())));
}

/**
 * Everything that belongs only to the person and says who they are or lets them act: their sessions, browsers, second
 * factor, passkeys, links, subscriptions, memberships and access grants.
 */
export async function deletePersonalRows(db: Executor, userId: number): Promise<void> {
  for (const table of [
    sessions,
    trustedDevices,
    twoFactors,
    recoveryCodes,
    loginChallenges,
    registrationCodes,
    passkeys,
    webauthnChallenges,
    calendarFeeds,
    committeeSubscribers,
    committeeOptOuts,
    committeeMembers,
    committeeRequests,
    userAreaAccess,
    staffDataAccess,
    reportAccess,
  ]) {
    await db.delete(table).where(eq(table.userId, userId));
  }
}

/** The person's own row becomes the placeholder: no name, address, phone or position, no password, inactive. */
export async function anonymiseUser(db: Executor, userId: number, placeholder: { name: string; email: string }, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      name: placeholder.name,
      surname: '',
      email: placeholder.email,
      phone: '',
      position: '',
      passwordHash: null,
      isActive: false,
      regionId: null,
      jobGroupId: null,
      digestSubscribed: false,
      policyAcceptedIp: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Their own signup requests (`signupIds`: those read before, found by the approval's link or by an address of theirs),
 * survey contact cards, the e-mails sent to them (at any of their `emails`) and the log entries by or about them or
 * their signup requests: the records stay (the queue's decisions, the sending counts, the log's actions) but lose what
 * identifies the person. Of entries the person wrote about others only the address goes: what they did to others stays
 * as it was.
 */
export async function anonymiseRecords(
  db: Executor,
  userId: number,
  emails: string[],
  placeholder: { name: string; email: string },
  signupIds: number[] = [],
): Promise<void> {
  await db
    .update(signupRequests)
    .set({ name: placeholder.name, surname: '', position: '', phone: '', email: placeholder.email, policyAcceptedIp: null })
    .where(or(inArray(signupRequests.email, emails), signupIds.length ? inArray(signupRequests.id, signupIds) : undefined));
  await db
    .update(respondentContacts)
    .set({ name: placeholder.name, position: '', phone: '', email: placeholder.email })
    .where(inArray(respondentContacts.email, emails));
  await db.delete(mailOutbox).where(and(inArray(mailOutbox.to, emails), eq(mailOutbox.status, 'pending')));
  await db
    .update(mailOutbox)
    .set({ to: placeholder.email, subject: '', text: '', html: null, headers: null, attachments: null, lastError: null })
    .where(inArray(mailOutbox.to, emails));
  // Entries about them: filed under them or their signup requests, or naming their address (a signup or sign-in
  // attempt before the account existed or under no account, a request's rejection).
  const aboutThem = or(
    and(eq(actionLog.entity, 'user'), eq(actionLog.entityId, userId)),
    signupIds.length ? and(eq(actionLog.entity, 'signupRequest'), inArray(actionLog.entityId, signupIds)) : undefined,
    inArray(sql<string>`${actionLog.after} ->> 'email'`, emails),
  );
  await db
    .update(actionLog)
    .set({ ip: null })
    .where(or(eq(actionLog.actorId, userId), aboutThem));
  const rows = await db.select({ id: actionLog.id, before: actionLog.before, after: actionLog.after }).from(actionLog).where(aboutThem);
  return scrubLogValues(db, rows);
}

/** Values of a person's log entries that name them (name, surname, address, phone, position) become empty. */
const PERSONAL_KEYS = new Set(['name', 'surname', 'email', 'phone', 'position']);
const scrubbed = (value: unknown): unknown => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, PERSONAL_KEYS.has(k) ? '' : v]));
};

async function scrubLogValues(db: Executor, rows: { id: number; before: unknown; after: unknown }[]): Promise<void> {
  const changed = rows.filter(
    (r) => JSON.stringify(scrubbed(r.before)) !== JSON.stringify(r.before) || JSON.stringify(scrubbed(r.after)) !== JSON.stringify(r.after),
  );
  for (const r of changed) {
    await db
      .update(actionLog)
      .set({ before: scrubbed(r.before), after: scrubbed(r.after) })
      .where(eq(actionLog.id, r.id));
  }
}

/**
 * A needle found only as a whole, in any letter case unless it is case-sensitive: not inside a longer address
 * ("a.ivanov@x.ru" holds "ivanov@x.ru", "ivanov@x.ru" holds "ivanov") or name ("Petrova").
 */
const wholeWord = (find: string, caseSensitive = false) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}._%+@-])${find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}@-])(?!\\.[\\p{L}\\p{N}])`,
    caseSensitive ? 'gu' : 'giu',
  );

/** A column that holds some row's own name, phone or address: a namesake's or a colleague's shared phone stays theirs. */
const CONTACT_FIELD = /(^|_)(name|surname|phone|email)(_|$)/;

export interface Needle {
  find: string;
  replaceWith: string;
  /** Whether it is replaced in contact fields too (an address is the person's wherever it stands). */
  inContactFields: boolean;
  /** Found only as written (a name alone: "Mark" is a name, "mark" a word). */
  caseSensitive?: boolean;
}

/** Every string in a JSON value (keys included), each with the needles replaced. */
const replacedInJson = (value: unknown, replace: (s: string) => string): unknown => {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => replacedInJson(v, replace));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [replace(k), replacedInJson(v, replace)]));
  }
  return value;
};

/**
 * The last sweep: every text and JSON column of every table is searched for the person's addresses, phones, full
 * names and (as written) name parts alone, and each is replaced where it stands as a whole, so a table added later (or
 * a free text that quotes them) cannot keep them by accident. The database finds the candidate rows (case-insensitively
 * unless the needle is case-sensitive); the replacing is done here, where a whole word is the same on both engines,
 * and a JSON value's strings are replaced one by one (its text form escapes line breaks as letters). Generated columns
 * follow their sources.
 */
export async function replaceEverywhere(db: Executor, needles: Needle[]): Promise<void> {
  const columns = (await db.execute(sql`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')
    ORDER BY c.table_name, c.ordinal_position`)) as unknown as { rows: { table_name: string; column_name: string; data_type: string }[] };
  const byTable = new Map<string, { name: string; json: boolean; needles: (Needle & { re: RegExp })[] }[]>();
  for (const c of columns.rows) {
    const contact = CONTACT_FIELD.test(c.column_name);
    const own = needles.filter((n) => n.inContactFields || !contact).map((n) => ({ ...n, re: wholeWord(n.find, n.caseSensitive) }));
    if (own.length === 0) continue;
    byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), { name: c.column_name, json: c.data_type.startsWith('json'), needles: own }]);
  }
  for (const [table, cols] of byTable) {
    const textOf = (c: { name: string; json: boolean }) => (c.json ? sql`${sql.identifier(c.name)}::text` : sql.identifier(c.name));
    const matches = cols.flatMap((c) =>
      c.needles.map((n) => (n.caseSensitive ? sql`strpos(${textOf(c)}, ${n.find}) > 0` : sql`strpos(lower(${textOf(c)}), lower(${n.find})) > 0`)),
    );
    const found = (await db.execute(sql`
      SELECT ctid::text AS row_ref, ${sql.join(
        cols.map((c, i) => sql`${textOf(c)} AS ${sql.identifier(`c${i}`)}`),
        sql`, `,
      )}
      FROM ${sql.identifier(table)} WHERE ${sql.join(matches, sql` OR `)} FOR UPDATE`)) as unknown as { rows: Record<string, string | null>[] };
    for (const row of found.rows) {
      const sets = cols.flatMap((c, i) => {
        const before = row[`c${i}`];
        if (before === null || before === undefined) return [];
        const replace = (s: string) => c.needles.reduce((v, n) => v.replace(n.re, () => n.replaceWith), s);
        const after = c.json ? JSON.stringify(replacedInJson(JSON.parse(before), replace)) : replace(before);
        if (c.json ? after === JSON.stringify(JSON.parse(before)) : after === before) return [];
        return [sql`${sql.identifier(c.name)} = ${c.json ? sql`${after}::jsonb` : sql`${after}`}`];
      });
      if (sets.length) await db.execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.join(sets, sql`, `)} WHERE ctid = ${row.row_ref}::tid`);
    }
  }
}
