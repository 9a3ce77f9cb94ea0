import type { Locale, Role, User } from '@portal/shared';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import {
  companies,
  jobGroups,
  loginChallenges,
  passkeys,
  periodPositions,
  periodRegions,
  recoveryCodes,
  regions,
  registrationCodes,
  sessions,
  surveyPositions,
  trustedDevices,
  twoFactors,
  users,
  webauthnChallenges,
} from '../../db/schema/index.ts';

/** Columns of the public user shape, with the company's name. */
const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  position: users.position,
  phone: users.phone,
  role: users.role,
  status: users.status,
  locale: users.locale,
  regionId: users.regionId,
  jobGroupId: users.jobGroupId,
  digestSubscribed: users.digestSubscribed,
  companyId: companies.id,
  companyName: companies.name,
};

type UserRow = Omit<User, 'company'> & { companyId: number | null; companyName: string | null };

const toUser = ({ companyId, companyName, ...u }: UserRow): User => ({
  ...u,
  company: companyId === null || companyName === null ? null : { id: companyId, name: companyName },
});

/**
 * Whether person `userId` has two-factor sign-in on (an app enrolled), or any second factor (an app, or a passkey).
 * `userId` is a value, or a column of a query that joins: Drizzle writes a column without its table in a one-table
 * select list, where a subquery would read it as its own table's.
 */
const twoFactorOf = (userId: SQLWrapper | number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${twoFactors} WHERE ${twoFactors.userId} = ${userId} AND ${twoFactors.confirmedAt} IS NOT NULL)`;
const secondFactorOf = (userId: SQLWrapper | number) =>
  sql<boolean>`(${twoFactorOf(userId)} OR EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${userId}))`;
const twoFactorOn = twoFactorOf(users.id);

/** A person may act when active and, for company people, while the company is active. */
const mayAct = sql`${users.isActive} AND (${users.companyId} IS NULL OR ${companies.isActive})`;

export async function findUserById(db: Executor, id: number): Promise<User | null> {
  const [row] = await db.select(userColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

/**
 * The user behind a live session token, prepared once per database: it runs on every authenticated request,
 * so the SQL is built once and the server keeps its plan.
 */
export function sessionQuery(db: Db) {
  const query = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      secondFactor: sessions.secondFactor,
      hasSecondFactor: secondFactorOf(users.id),
      ...userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), mayAct))
    .prepare('session_by_token');
  return async (tokenHash: string, now: Date): Promise<{ id: number; lastSeenAt: Date; secondFactor: boolean; user: User } | null> => {
    const [row] = await query.execute({ tokenHash, now });
    if (!row) return null;
    const { sessionId, lastSeenAt, secondFactor, hasSecondFactor: has, ...user } = row;
    // A session opened with a factor the person has since removed is back to the password alone.
    return { id: sessionId, lastSeenAt, secondFactor: secondFactor && has, user: toUser(user) };
  };
}

/** Refreshes a session's last seen and address, unless a concurrent request of the same session just did. */
export async function touchSession(
  db: Executor,
  id: number,
  now: Date,
  ip: string,
  staleBefore: Date,
  life: { ttlMs: number; idleMs: number },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, ip, expiresAt: sessionEnd(sessions.createdAt, now, life) })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, staleBefore)));
}

/**
 * When a session seen at `now` ends: unused for `idleMs`, or `ttlMs` after it opened, whichever comes first. Kept in
 * `expires_at`, so whatever asks whether a session is live (the lookup, the person's list, the retention run) asks once.
 */
const sessionEnd = (createdAt: SQLWrapper, now: Date, life: { ttlMs: number; idleMs: number }): SQL =>
  sql`LEAST(${createdAt}::timestamptz + ${life.ttlMs / 1000} * interval '1 second', ${new Date(now.getTime() + life.idleMs).toISOString()}::timestamptz)`;

/** A person's live sessions, the most recently seen first. */
export const listUserSessions = (db: Executor, userId: number, now: Date) =>
  db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));

/** Ends one of a person's sessions; false when it is not theirs (or already ended). */
export async function deleteUserSession(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** A live session by its id, with its token's hash (the key a stream ticket is signed with), or null. */
export async function findSessionById(db: Executor, id: number, now: Date): Promise<{ tokenHash: string; user: User } | null> {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash, ...userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), mayAct));
  if (!row) return null;
  const { tokenHash, ...user } = row;
  return { tokenHash, user: toUser(user) };
}

/** What login needs to decide: the hash and whether the person may act. */
export async function findLoginCandidate(db: Executor, email: string) {
  const [row] = await loginCandidates(db).where(eq(users.email, email));
  return row ?? null;
}

/** The same by id: the owner of a passkey signing in (the passkey names them, not an e-mail). */
export async function findLoginCandidateById(db: Executor, id: number) {
  const [row] = await loginCandidates(db).where(eq(users.id, id));
  return row ?? null;
}

const loginCandidates = (db: Executor) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      mayAct: sql<boolean>`${mayAct}`,
      twoFactorOn,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId));

/** An active person by e-mail (for reset links), or null. */
export async function findActiveUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, email), mayAct));
  return row ?? null;
}

export async function userExistsByEmail(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

/** The trusted device behind a device cookie's token, if it is one of the person with this e-mail. */
export async function findTrustedDevice(db: Executor, tokenHash: string, email: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(users.email, email)));
  return row ?? null;
}

/** Whether the person has signed in from any browser before (a trusted device they still have). */
export async function hasTrustedDevice(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: trustedDevices.id }).from(trustedDevices).where(eq(trustedDevices.userId, userId)).limit(1);
  return Boolean(row);
}

export async function touchTrustedDevice(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.id, id));
}

/** Records a browser the person signed in from, and forgets their devices unused for longer than a device cookie lives. */
export async function addTrustedDevice(db: Executor, userId: number, tokenHash: string, now: Date, lifetimeMs: number): Promise<void> {
  await db.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), lt(trustedDevices.lastUsedAt, new Date(now.getTime() - lifetimeMs))));
  await db.insert(trustedDevices).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

export async function countStaffWithoutSecondFactor(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'staff']), eq(users.isActive, true), sql`NOT ${secondFactorOf(users.id)}`));
  return row?.n ?? 0;
}

/**
 * What the account no longer needs (the retention run): ended sessions, and sign-ins waiting for a code and passkey
 * challenges past their time (`sessions` counts all three), used or expired set-password links and used recovery codes
 * (`codes`), and browsers unused for longer than a device cookie lives.
 */
export async function purgeSpentAccountData(
  db: Executor,
  now: Date,
  deviceLifetimeMs: number,
): Promise<{ sessions: number; codes: number; devices: number }> {
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const unfinished = await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now)).returning({ id: loginChallenges.id });
  const ceremonies = await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).returning({ id: webauthnChallenges.id });
  const codes = await db
    .delete(registrationCodes)
    .where(or(isNotNull(registrationCodes.usedAt), lt(registrationCodes.expiresAt, now)))
    .returning({ id: registrationCodes.id });
  const recovery = await db.delete(recoveryCodes).where(isNotNull(recoveryCodes.usedAt)).returning({ id: recoveryCodes.id });
  const devices = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.lastUsedAt, new Date(now.getTime() - deviceLifetimeMs)))
    .returning({ id: trustedDevices.id });
  return { sessions: ended.length + unfinished.length + ceremonies.length, codes: codes.length + recovery.length, devices: devices.length };
}

export async function insertChallenge(db: Executor, values: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

/** Opens a session, which ends as `sessionEnd` says from its opening. */
export async function insertSession(
  db: Executor,
  values: Omit<typeof sessions.$inferInsert, 'expiresAt'>,
  life: { ttlMs: number; idleMs: number },
): Promise<void> {
  await db.insert(sessions).values({ ...values, expiresAt: sessionEnd(sql`${values.createdAt.toISOString()}`, values.createdAt, life) });
}

export async function deleteSessionByHash(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends a user's sessions, all of them or all but one; answers how many ended. */
export async function deleteUserSessions(db: Executor, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * The person enrolled a second factor in session `sessionId`: it now counts as opened with one; with `endOthers`, their
 * other sessions opened with the password alone end. Answers how many ended.
 */
export async function raiseSession(db: Executor, userId: number, sessionId: number, endOthers: boolean): Promise<number> {
  await db
    .update(sessions)
    .set({ secondFactor: true })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!endOthers) return 0;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), eq(sessions.secondFactor, false)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Whether the person has a second factor: an app enrolled, or a passkey. */
export async function hasSecondFactorOf(db: Executor, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ has: boolean }>(db, sql`SELECT ${secondFactorOf(userId)} AS has`);
  return Boolean(row?.has);
}

export async function insertRegistrationCode(db: Executor, values: typeof registrationCodes.$inferInsert): Promise<void> {
  await db.insert(registrationCodes).values(values);
}

/** A code that is unused and not expired, locked against a concurrent use when `lock` is set. */
export async function findValidCode(db: Executor, codeHash: string, now: Date, lock = false) {
  const query = db
    .select({
      codeId: registrationCodes.id,
      purpose: registrationCodes.purpose,
      userId: users.id,
      status: users.status,
      email: users.email,
      name: users.name,
      surname: users.surname,
    })
    .from(registrationCodes)
    .innerJoin(users, eq(users.id, registrationCodes.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(registrationCodes.codeHash, codeHash), isNull(registrationCodes.usedAt), gt(registrationCodes.expiresAt, now), mayAct));
  const [row] = lock ? await query.for('update', { of: registrationCodes }) : await query;
  return row ?? null;
}

/** Marks every open code of a user used: one link works once, and a newer link retires the older. */
export async function retireOpenCodes(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(registrationCodes)
    .set({ usedAt: now })
    .where(and(eq(registrationCodes.userId, userId), isNull(registrationCodes.usedAt)));
}

/** What an e-mail to a person needs: their name, address and language, and their role (a link's prefix). */
export async function contactOf(db: Executor, userId: number): Promise<{ name: string; email: string; locale: Locale; role: Role } | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email, locale: users.locale, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function getPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

const reference = { id: regions.id, nameEn: regions.nameEn, nameRu: regions.nameRu };
const groupReference = { id: jobGroups.id, nameEn: jobGroups.nameEn, nameRu: jobGroups.nameRu };

/** The reference list, or a survey period's frozen one in its order. */
export const listRegions = (db: Executor, periodId?: number) =>
  periodId === undefined
    ? db.select(reference).from(regions).orderBy(asc(regions.id))
    : db
        .select(reference)
        .from(periodRegions)
        .innerJoin(regions, eq(regions.id, periodRegions.regionId))
        .where(eq(periodRegions.periodId, periodId))
        .orderBy(asc(periodRegions.sort), asc(regions.id));

/** The reference list, or the job groups holding a survey period's positions. */
export const listJobGroups = (db: Executor, periodId?: number) =>
  periodId === undefined
    ? db.select(groupReference).from(jobGroups).orderBy(asc(jobGroups.id))
    : db
        .select(groupReference)
        .from(jobGroups)
        .where(
          sql`${jobGroups.id} IN (SELECT ${surveyPositions.jobGroupId} FROM ${periodPositions} JOIN ${surveyPositions} ON ${surveyPositions.id} = ${periodPositions.positionId} WHERE ${periodPositions.periodId} = ${periodId})`,
        )
        .orderBy(asc(jobGroups.sort), asc(jobGroups.id));

export async function referenceExists(db: Executor, table: 'regions' | 'jobGroups', id: number): Promise<boolean> {
  const t = table === 'regions' ? regions : jobGroups;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  return Boolean(row);
}

/** The personal data policy's version the person accepted last (null: never recorded). */
export async function acceptedPolicyOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ version: users.policyVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? null;
}
