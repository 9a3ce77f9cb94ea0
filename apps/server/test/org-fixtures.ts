import type { CompanyStatus, Role } from '@portal/shared';
import { account } from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { actionLog, companies, users } from '../src/db/schema/index.ts';
import { TEST_NOW } from './clock.ts';
import type { TestApp } from './harness.ts';

/** The seeded demo company (global-setup): Demo Pharma, demo.test, with ceo@, trusted@ and employee@demo.test. */
export const DEMO_COMPANY_ID = 1;

export interface FixturePerson {
  id: number;
  email: string;
  role: Role;
}

export interface FixtureCompany {
  id: number;
  name: string;
  domain: string | null;
  ceo: FixturePerson;
  trusted: FixturePerson;
  employee: FixturePerson;
}

export interface PersonOptions {
  role?: Role;
  isActive?: boolean;
  status?: 'registered' | 'joined';
  /** Gives the person the demo password (Demo12345) so they can log in. */
  withPassword?: boolean;
  name?: string;
  surname?: string;
  position?: string;
}

export interface CompanyOptions {
  domain?: string | null;
  status?: CompanyStatus;
  isActive?: boolean;
  createdAt?: Date;
}

/** The demo accounts' password hash, reused so fixture people log in with DEMO_PASSWORD without hashing again. */
async function demoPasswordHash(t: TestApp): Promise<string> {
  const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'ceo@demo.test'));
  if (!row?.hash) throw new Error('the seeded ceo@demo.test has no password');
  return row.hash;
}

/** Inserts one company and returns its id. */
export async function insertCompany(t: TestApp, name: string, options: CompanyOptions = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(companies)
    .values({
      name,
      domain: options.domain ?? null,
      status: options.status ?? 'confirmed',
      isActive: options.isActive ?? true,
      createdAt: options.createdAt ?? TEST_NOW,
    })
    .returning({ id: companies.id });
  if (!row) throw new Error('company insert returned nothing');
  return row.id;
}

/** Inserts one person of a company (or of the association when companyId is null). */
export async function insertPerson(t: TestApp, companyId: number | null, email: string, options: PersonOptions = {}): Promise<FixturePerson> {
  const role = options.role ?? 'employee';
  const local = email.split('@')[0] ?? email;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      name: options.name ?? `Name ${local}`,
      surname: options.surname ?? `Surname ${local}`,
      position: options.position ?? 'Specialist',
      phone: '+7 495 111-22-33',
      role,
      status: options.status ?? 'joined',
      isActive: options.isActive ?? true,
      passwordHash: options.withPassword ? await demoPasswordHash(t) : null,
      companyId,
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return { id: row.id, email, role };
}

/** A second member company, "Beta Bio" (beta.test), with its own ceo, trusted person and employee, all able to log in. */
export async function addBetaBio(t: TestApp): Promise<FixtureCompany> {
  const id = await insertCompany(t, 'Beta Bio', { domain: 'beta.test', status: 'confirmed' });
  const person = (email: string, role: Role, name: string, surname: string, position: string) =>
    insertPerson(t, id, email, { role, name, surname, position, withPassword: true });
  return {
    id,
    name: 'Beta Bio',
    domain: 'beta.test',
    ceo: await person('ceo@beta.test', 'ceo', 'Boris', 'Betov', 'General Manager'),
    trusted: await person('trusted@beta.test', 'trusted', 'Bella', 'Bravina', 'HR Manager'),
    employee: await person('employee@beta.test', 'employee', 'Bogdan', 'Belov', 'Sales Representative'),
  };
}

/**
 * N extra companies for paging tests, named "<prefix> 001" … with domains <prefix>-001.test and
 * creation times one minute apart; each gets `peopleEach` employees.
 */
export async function addCompanies(
  t: TestApp,
  n: number,
  options: { prefix?: string; peopleEach?: number; isActive?: boolean; status?: CompanyStatus } = {},
): Promise<number[]> {
  const prefix = options.prefix ?? 'Paging Co';
  const slug = prefix.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const no = String(i).padStart(3, '0');
    const id = await insertCompany(t, `${prefix} ${no}`, {
      domain: `${slug}-${no}.test`,
      status: options.status ?? 'confirmed',
      isActive: options.isActive ?? true,
      createdAt: new Date(TEST_NOW.getTime() + i * 60_000),
    });
    if (options.peopleEach) await addPeople(t, id, options.peopleEach, { prefix: `${slug}${no}-p` });
    ids.push(id);
  }
  return ids;
}

/** N extra people of a company, in one insert: surnames "<Prefix> 001" …, e-mails <prefix>001@people.test. */
export async function addPeople(
  t: TestApp,
  companyId: number | null,
  n: number,
  options: Omit<PersonOptions, 'name' | 'surname' | 'withPassword'> & { prefix?: string } = {},
): Promise<FixturePerson[]> {
  const prefix = options.prefix ?? 'person';
  const role = options.role ?? 'employee';
  const values = Array.from({ length: n }, (_, k) => {
    const no = String(k + 1).padStart(3, '0');
    return {
      email: `${prefix}${no}@people.test`.toLowerCase(),
      name: `Name${no}`,
      surname: `${prefix} ${no}`,
      position: options.position ?? 'Specialist',
      phone: '+7 495 111-22-33',
      role,
      status: options.status ?? ('joined' as const),
      isActive: options.isActive ?? true,
      companyId,
      createdAt: new Date(TEST_NOW.getTime() + (k + 1) * 1000),
      updatedAt: TEST_NOW,
    };
  });
  if (!values.length) return [];
  const rows = await t.database.db.insert(users).values(values).returning({ id: users.id, email: users.email });
  return rows.map((r) => ({ id: r.id, email: r.email, role }));
}

/** The id of a person by e-mail. */
export async function userId(t: TestApp, email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A person's row as stored. */
export async function userRow(t: TestApp, email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A company's row as stored. */
export async function companyRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Entries of the action log with this action, oldest first. */
export async function logEntries(t: TestApp, action: string) {
  return t.database.db.select().from(actionLog).where(eq(actionLog.action, action)).orderBy(asc(actionLog.id));
}

/** Every entry of one log domain, oldest first. */
export async function logOf(t: TestApp, domain: string) {
  return t.database.db
    .select()
    .from(actionLog)
    .where(and(eq(actionLog.domain, domain)))
    .orderBy(asc(actionLog.id));
}

/** A valid employee form; override any field. */
export const personForm = (over: Record<string, string> = {}): Record<string, string> => ({
  name: 'Nina',
  surname: 'Novikova',
  position: 'Regulatory Affairs Manager',
  phone: '+7 (495) 765-43-21',
  email: 'nina.novikova@demo.test',
  ...over,
});

/** Sets a password from a set-password link's code. */
export async function setPassword(t: TestApp, code: string, password = 'Joined1234') {
  return t.api(account.setPasswordByCode, { registrationCode: code, password, passwordConfirmation: password });
}
