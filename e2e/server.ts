// Starts the real server for the journeys on a fresh embedded database, with a few extra people
// so that journeys which change an account never touch another journey's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  committeeMembers,
  committees,
  companies,
  positionEntries,
  surveyPeriods,
  surveyResponses,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { acceptPolicyForAll } from '../apps/server/src/db/seed/demo.ts';
import { seedReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { positionIdsByCode, regionIdsByCode } from '../apps/server/src/db/seed/survey-catalogue.ts';
import { seedDemoData } from '../apps/server/src/demo-survey.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import {
  E2E_CONSENT_USER,
  E2E_CREDIT_COMPANY,
  E2E_FIXTURE_COMMITTEE,
  E2E_FIXTURE_COMPANY,
  E2E_FIXTURE_SURVEY,
  E2E_FIXTURE_USERS,
  E2E_INCUMBENT_COMPANY,
  E2E_POLICY_VERSION,
  E2E_REMINDER_COMPANY,
  E2E_SURVEY_COMPANY,
} from './fixtures.ts';
import { E2E_DATA_DIR as dataDir, E2E_PORT } from './playwright.config.ts';

fs.rmSync(dataDir, { recursive: true, force: true });

const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
await seedReferenceData(database.db);
const now = new Date();
await seedDemoData(database.db, now, { market: true });
const passwordHash = await hashPassword('Demo12345');
const [fixtureCompany] = await database.db
  .insert(companies)
  .values({ ...E2E_FIXTURE_COMPANY, status: 'confirmed', createdAt: now })
  .returning({ id: companies.id });
await database.db.insert(users).values(
  E2E_FIXTURE_USERS.map(({ company, ...u }) => ({
    ...u,
    position: 'Analyst',
    phone: '+7 495 000-00-01',
    companyId: company === 'demo' ? 1 : company === 'fixture' ? fixtureCompany!.id : null,
    status: 'joined' as const,
    passwordHash,
  })),
);
const { member, ...committee } = E2E_FIXTURE_COMMITTEE;
const [fixtureCommittee] = await database.db.insert(committees).values(committee).returning({ id: committees.id });
const [memberRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, member));
await database.db.insert(committeeMembers).values({ committeeId: fixtureCommittee!.id, userId: memberRow!.id, since: '2020-01-01' });
const { company: reviewCompany, grid: reviewGrid, market: reviewMarket, ...reviewSurvey } = E2E_FIXTURE_SURVEY;
const [reviewPeriod] = await database.db
  .insert(surveyPeriods)
  .values({ ...reviewSurvey, status: 'closed', closesAt: now, effectiveDate: '2025-04-01', bonusYear: 2024, minimumWage: '19242' })
  .returning({ id: surveyPeriods.id });
const surveyPositionIds = await positionIdsByCode(database.db);
const surveyRegionIds = await regionIdsByCode(database.db);
for (const [name, status, grid] of [
  [reviewCompany, 'submitted', reviewGrid] as const,
  ...reviewMarket.map(([company, rows]) => [company, 'accepted', rows] as const),
]) {
  const [respondent] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  const [response] = await database.db
    .insert(surveyResponses)
    .values({ periodId: reviewPeriod!.id, companyId: respondent!.id, status, progressPct: 100, startedAt: now, lastSavedAt: now, submittedAt: now })
    .returning({ id: surveyResponses.id });
  await database.db.insert(positionEntries).values(
    grid.map(([position, region, base]) => ({
      responseId: response!.id,
      positionId: surveyPositionIds.get(position)!,
      regionId: surveyRegionIds.get(region)!,
      headcount: 5,
      baseSalaryAvg: base.toFixed(2),
    })),
  );
}
// The salary-survey journey's second company and its trusted person (salary-survey.spec.ts).
const [surveyCompany] = await database.db
  .insert(companies)
  .values({ name: E2E_SURVEY_COMPANY.name, domain: E2E_SURVEY_COMPANY.domain, status: 'confirmed', createdAt: now })
  .returning({ id: companies.id });
await database.db.insert(users).values({
  email: E2E_SURVEY_COMPANY.trusted,
  name: 'Tamara',
  surname: 'Tablova',
  position: 'C&B Manager',
  phone: '+7 495 000-00-02',
  role: 'trusted',
  companyId: surveyCompany!.id,
  status: 'joined',
  passwordHash,
});
// The staff survey journey's company and its general manager (survey-staff.spec.ts).
const [reminderCompany] = await database.db
  .insert(companies)
  .values({ name: E2E_REMINDER_COMPANY.name, domain: E2E_REMINDER_COMPANY.domain, status: 'confirmed', createdAt: now })
  .returning({ id: companies.id });
await database.db.insert(users).values({
  email: E2E_REMINDER_COMPANY.ceo,
  name: 'Rimma',
  surname: 'Remindova',
  position: 'General Manager',
  phone: '+7 495 000-00-03',
  role: 'ceo',
  companyId: reminderCompany!.id,
  status: 'joined',
  passwordHash,
});
// The incumbent upload journey's company and its general manager (survey-incumbents.spec.ts).
const [incumbentCompany] = await database.db
  .insert(companies)
  .values({ name: E2E_INCUMBENT_COMPANY.name, domain: E2E_INCUMBENT_COMPANY.domain, status: 'confirmed', createdAt: now })
  .returning({ id: companies.id });
await database.db.insert(users).values({
  email: E2E_INCUMBENT_COMPANY.ceo,
  name: 'Karina',
  surname: 'Kadrova',
  position: 'General Manager',
  phone: '+7 495 000-00-04',
  role: 'ceo',
  companyId: incumbentCompany!.id,
  status: 'joined',
  passwordHash,
});
// The credit review journeys' company and its credit controller (credit-review.spec.ts).
const [creditCompany] = await database.db
  .insert(companies)
  .values({ name: E2E_CREDIT_COMPANY.name, domain: E2E_CREDIT_COMPANY.domain, status: 'confirmed', createdAt: now })
  .returning({ id: companies.id });
await database.db.insert(users).values({
  email: E2E_CREDIT_COMPANY.controller,
  name: 'Kostya',
  surname: 'Kontrolov',
  position: 'Credit Controller',
  phone: '+7 495 000-00-05',
  role: 'employee',
  companyId: creditCompany!.id,
  status: 'joined',
  passwordHash,
});
// Everyone above has accepted the policy in force; the consent journey's person accepted an older one (consent.spec.ts).
await acceptPolicyForAll(database.db, E2E_POLICY_VERSION, now);
await database.db.update(users).set({ policyVersion: '2026-01' }).where(eq(users.email, E2E_CONSENT_USER));
await database.close();

const server = spawn(
  process.execPath,
  [path.join(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs'), path.join(import.meta.dirname, '../apps/server/src/main.ts')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PERSONAL_DATA_POLICY_VERSION: E2E_POLICY_VERSION,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
