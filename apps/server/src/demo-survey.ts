import { PROFILE_PAGE, surveySteps } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from './db/client.ts';
import {
  carPolicyEntries,
  pageAnswers,
  positionEntries,
  respondentContacts,
  surveyPages,
  surveyPeriods,
  surveyResponses,
  users,
} from './db/schema/index.ts';
import { seedDemo } from './db/seed/demo.ts';
import { attachSurveyCatalogue, createOpenSurveyPeriod, effectiveDateFor, positionIdsByCode, regionIdsByCode } from './db/seed/survey-catalogue.ts';
import { seedSurveyMarket } from './demo-survey-market.ts';
import type { Clock } from './lib/clock.ts';
import { QuestionnaireService } from './modules/survey/questionnaire.service.ts';
import * as repo from './modules/survey/survey.repository.ts';
import { AreasService } from './modules/survey-access/areas.service.ts';

/** The demo company's grid: last year's figures and this year's (partly filled), position × region. */
const DEMO_ROWS: [position: string, region: string, headcount: number, base: number][] = [
  ['GM-01', 'MOW', 1, 1_450_000],
  ['SAL-01', 'MOW', 24, 165_000],
  ['SAL-01', 'SPB', 12, 150_000],
  ['SAL-01', 'VFD', 9, 118_000],
  ['SAL-04', 'MOW', 3, 285_000],
  ['MKT-01', 'MOW', 4, 230_000],
  ['HR-03', 'MOW', 1, 620_000],
];

async function fillGrid(db: Executor, responseId: number, rows: typeof DEMO_ROWS, growth: number, complete: boolean): Promise<void> {
  const positions = await positionIdsByCode(db);
  const regions = await regionIdsByCode(db);
  await db.insert(positionEntries).values(
    rows.map(([p, r, headcount, base], i) => {
      // The later rows of this year's grid are matched but not yet filled in, so the demo shows progress under way.
      const filled = complete || i < rows.length - 2;
      return {
        responseId,
        positionId: positions.get(p)!,
        regionId: regions.get(r)!,
        headcount: filled ? headcount : null,
        baseSalaryAvg: filled ? Math.round(base * growth).toFixed(2) : null,
        guaranteedExtraAnnual: filled ? '0.00' : null,
        bonusEligiblePct: filled ? '100.00' : null,
        bonusTargetPct: filled ? (p.startsWith('SAL') ? '25.00' : '20.00') : null,
        bonusActualAvg: filled ? Math.round(base * growth * 12 * 0.22).toFixed(2) : null,
      };
    }),
  );
  const salesIds = [...new Set(rows.filter(([p]) => p.startsWith('SAL')).map(([p]) => positions.get(p)!))];
  await db
    .insert(carPolicyEntries)
    .values(
      salesIds.map((positionId) => ({ responseId, positionId, eligibility: 'company_car' as const, carClass: 'C' as const, replacementMonths: 48 })),
    );
}

async function pageIdOf(db: Executor, periodId: number, key: string): Promise<number> {
  const [page] = await db
    .select({ id: surveyPages.id })
    .from(surveyPages)
    .where(and(eq(surveyPages.periodId, periodId), eq(surveyPages.key, key)));
  return page!.id;
}

/**
 * The demo's salary survey: last year's archived period with the demo company's accepted answers, and an open period
 * (deadline three weeks on) where the company has given its contact, its profile and part of its grid. Idempotent.
 */
export async function seedSurveyDemo(db: Db, clock: Clock, companyId: number, ceoId: number): Promise<void> {
  const now = clock.now();
  const currentYear = Number(effectiveDateFor(now).slice(0, 4));
  const [already] = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(and(eq(surveyPeriods.kind, 'salary'), eq(surveyPeriods.code, String(currentYear))));
  if (already) return;
  await db.transaction(async (tx) => {
    const priorYear = currentYear - 1;
    const [prior] = await tx
      .insert(surveyPeriods)
      .values({
        kind: 'salary',
        code: String(priorYear),
        titleEn: `Salary survey ${priorYear}`,
        titleRu: `Обзор заработных плат ${priorYear}`,
        status: 'archived',
        opensAt: new Date(Date.UTC(priorYear, 3, 15)),
        closesAt: new Date(Date.UTC(priorYear, 5, 15)),
        effectiveDate: `${priorYear}-04-01`,
        bonusYear: priorYear - 1,
        minimumWage: '19242.00',
      })
      .returning({ id: surveyPeriods.id });
    await attachSurveyCatalogue(tx, prior!.id);
    const [priorResponse] = await tx
      .insert(surveyResponses)
      .values({ periodId: prior!.id, companyId, status: 'accepted', progressPct: 100, submittedAt: new Date(Date.UTC(priorYear, 5, 10)) })
      .returning({ id: surveyResponses.id });
    await fillGrid(tx, priorResponse!.id, DEMO_ROWS, 1, true);
    // Last year's company profile, which this year's profile page offers beside its answers.
    await tx.insert(pageAnswers).values({
      responseId: priorResponse!.id,
      pageId: await pageIdOf(tx, prior!.id, PROFILE_PAGE),
      answers: { total_headcount: 170, field_headcount: 90, business_lines: ['rx'], legal_entities: 'Demo Pharma LLC' },
    });

    const periodId = await createOpenSurveyPeriod(tx, now, { priorPeriodId: prior!.id });
    const response = await repo.ensureResponse(tx, periodId, companyId);
    await tx.insert(respondentContacts).values({
      companyId,
      name: 'Tatiana Doverova',
      position: 'HR Director',
      phone: '+7 495 000-00-01',
      email: 'trusted@demo.test',
      companyFullName: 'Demo Pharma LLC',
      updatedBy: ceoId,
      updatedAt: now,
    });
    await tx.insert(pageAnswers).values({
      responseId: response.id,
      pageId: await pageIdOf(tx, periodId, PROFILE_PAGE),
      answers: { total_headcount: 180, field_headcount: 96, business_lines: ['rx', 'otc'], legal_entities: 'Demo Pharma LLC' },
    });
    await fillGrid(tx, response.id, DEMO_ROWS, 1.08, false);
    const period = (await repo.periodFor(tx, 'salary', periodId))!;
    await repo.updateResponse(tx, response.id, { status: 'in_progress', startedAt: now, lastSavedAt: now, lastSavedBy: ceoId });
    // The steps and the progress as a save would leave them, so the staff dashboard shows the demo under way.
    const questionnaire = new QuestionnaireService(db, clock, new AreasService(db, clock));
    await questionnaire.recompute(tx, { period, companyId, response }, surveySteps(await repo.pagesOf(tx, periodId)));
  });
}

/**
 * The demo accounts (db/seed/demo.ts) and the demo's salary survey, which is filled through the questionnaire's own
 * services (so it lives here, beside the app, rather than among the tables' seeds); answers whether the accounts were made.
 * With `market`, last year's period goes to review with eleven more companies' answers (demo-survey-market.ts), so
 * the statistics and reports have numbers: `npm start`, `npm run seed` and the browser journeys ask for it; the API
 * tests' template goes without, as the extra companies would change every count of companies those tests check.
 */
export async function seedDemoData(db: Db, now: Date, options: { market?: boolean } = {}): Promise<boolean> {
  const created = await seedDemo(db, now);
  const [ceo] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, 'ceo@demo.test'));
  if (ceo?.companyId) {
    await seedSurveyDemo(db, { now: () => now }, ceo.companyId, ceo.id);
    const priorYear = Number(effectiveDateFor(now).slice(0, 4)) - 1;
    if (options.market) await seedSurveyMarket(db, now, ceo.companyId, String(priorYear));
  }
  return created;
}
