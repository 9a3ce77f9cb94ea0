import { BENCHMARK_KEYS } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from './db/client.ts';
import {
  benchmarkAnswers,
  benchmarkItems,
  carModels,
  carPolicyEntries,
  companies,
  positionAllowances,
  positionEntries,
  surveyPeriods,
  surveyPositions,
  surveyResponses,
  turnoverEntries,
} from './db/schema/index.ts';
import { positionIdsByCode, regionIdsByCode } from './db/seed/survey-catalogue.ts';

/**
 * The demo's market: last year's salary period in review with eleven more member companies' accepted answers beside
 * Demo Pharma's, so the statistics and reports have real numbers to show (design §3.3 needs at least 5 companies a
 * cell, 10 for P10 and P90). The figures are made up but plausible, and they vary from company to company so that
 * some cells pass the rules and some do not. The companies have no people. Idempotent.
 */

const PEERS = [
  'Aurora Pharma',
  'Baikal Medica',
  'Caspian Health',
  'Dvina Biologics',
  'Elbrus Therapeutics',
  'Fontanka Labs',
  'Irtysh Generics',
  'Kama Vaccines',
  'Ladoga Medical',
  'Onega Bioscience',
  'Pechora Pharmaceuticals',
];

/** A typical company's grid: position, region, incumbents, monthly base. */
const MARKET_ROWS: [position: string, region: string, headcount: number, base: number][] = [
  ['GM-01', 'MOW', 1, 1_500_000],
  ['SAL-01', 'MOW', 20, 160_000],
  ['SAL-01', 'SPB', 10, 145_000],
  ['SAL-01', 'VFD', 8, 115_000],
  ['SAL-01', 'CFD', 6, 110_000],
  ['SAL-02', 'MOW', 8, 185_000],
  ['SAL-02', 'SPB', 4, 170_000],
  ['SAL-03', 'MOW', 4, 240_000],
  ['SAL-04', 'MOW', 3, 290_000],
  ['SAL-04', 'SPB', 2, 270_000],
  ['MKT-01', 'MOW', 4, 230_000],
  ['MKT-02', 'MOW', 2, 300_000],
  ['MED-01', 'MOW', 3, 250_000],
  ['MED-02', 'MOW', 2, 280_000],
  ['FIN-03', 'MOW', 1, 900_000],
  ['HR-01', 'MOW', 2, 210_000],
  ['HR-03', 'MOW', 1, 650_000],
];

const TARGET_PCT: Record<string, number> = { GM: 40, SAL: 25, MKT: 20, MED: 20 };
const SALES_CARS = ['SAL-01', 'SAL-02', 'SAL-03', 'SAL-04'];

/** A company's spread around the market: its pay level (0.85–1.2) and its size (0.6–1.6), fixed by its number. */
const payFactor = (k: number) => 0.85 + (((k * 7) % 11) / 11) * 0.35;
const sizeFactor = (k: number) => 0.6 + ((k * 5) % 11) / 10;
const money = (n: number) => Math.round(n).toFixed(2);

/** Company k's grid: most of the market rows (a few regions and positions missing), its pay and size applied. */
function gridOf(k: number, responseId: number, positions: Map<string, number>, regions: Map<string, number>) {
  return MARKET_ROWS.flatMap(([position, region, headcount, base], i) => {
    if (i > 1 && (k + i) % 6 === 5) return [];
    const pay = base * payFactor(k) * (1 + (((k * 3 + i) % 5) - 2) / 50);
    const target = TARGET_PCT[position.split('-')[0]!] ?? 15;
    return [
      {
        responseId,
        positionId: positions.get(position)!,
        regionId: regions.get(region)!,
        headcount: Math.max(1, Math.round(headcount * sizeFactor(k))),
        baseSalaryAvg: money(pay),
        guaranteedExtraAnnual: money(k % 3 === 0 ? pay : 0),
        bonusEligiblePct: position.startsWith('SAL') ? '100.00' : '80.00',
        bonusTargetPct: target.toFixed(2),
        bonusActualAvg: money(pay * 12 * (target / 100) * (0.85 + (k % 4) * 0.1)),
      },
    ];
  });
}

/** Company k's benchmark answer to an item in a category. */
function benchmarkValue(key: string, k: number, category: string) {
  const budget = 7 + ((k * 3) % 6) * 0.5 + (category === 'management' ? -0.5 : 0);
  switch (key) {
    case BENCHMARK_KEYS.budget:
      return { valueNum: budget.toFixed(2) };
    case 'increase_merit':
      return { valueNum: (budget * 0.7).toFixed(2) };
    case 'increase_promotion':
      return { valueNum: (budget * 0.2).toFixed(2) };
    case 'increase_adjustment':
      return { valueNum: (budget - Number((budget * 0.7).toFixed(2)) - Number((budget * 0.2).toFixed(2))).toFixed(2) };
    case 'increase_budget_planned':
      return { valueNum: (budget + 0.5).toFixed(2) };
    case 'increase_month':
      return { valueNum: k % 4 === 0 ? '1.00' : '4.00' };
    case 'increase_share':
      return { valueNum: (80 + (k % 5) * 3).toFixed(2) };
    case BENCHMARK_KEYS.freeze:
      return { valueBool: false };
    case 'bonus_payout':
      return { valueNum: (92 + ((k * 5) % 20)).toFixed(2) };
    case 'bonus_frequency':
      return { valueChoice: k % 3 === 0 ? 'monthly' : 'quarterly' };
    default:
      return { valueBool: k % 2 === 0 };
  }
}

interface Catalogue {
  positions: Map<string, number>;
  salesGroup: number;
  items: (typeof benchmarkItems.$inferSelect)[];
  /** The typical model of each car class (its id). */
  cars: Map<string, number>;
}

/**
 * The typical model the demo's companies name for each class they use. One each: with a second model, one of the two
 * would be named by too few of the dozen companies, and the other then hidden with it.
 */
const TYPICAL_CARS: Record<string, [make: string, model: string]> = {
  B: ['Kia', 'Rio'],
  C: ['Skoda', 'Octavia'],
  D: ['Toyota', 'Camry'],
};

/** Company k's turnover (the company and its sales force), benchmark answers and sales car policies. */
async function fillCompanyPolicies(db: Executor, k: number, responseId: number, { positions, salesGroup, items, cars }: Catalogue): Promise<void> {
  const size = sizeFactor(k);
  const turnover = (jobGroupId: number | null, start: number, rate: number) => {
    const total = Math.round(start * rate);
    return {
      responseId,
      jobGroupId,
      headcountStart: start,
      headcountEnd: start + Math.round(start * 0.02),
      hires: total + Math.round(start * 0.02),
      totalLeavers: total,
      voluntaryLeavers: Math.round(total * 0.7),
      firstYearLeavers: Math.round(total * 0.25),
    };
  };
  await db
    .insert(turnoverEntries)
    .values([turnover(null, Math.round(180 * size), 0.12 + (k % 5) * 0.015), turnover(salesGroup, Math.round(90 * size), 0.16 + (k % 4) * 0.02)])
    .onConflictDoNothing();
  await db
    .insert(benchmarkAnswers)
    .values(
      items.flatMap((item) =>
        item.categories.map((category) => ({ responseId, itemId: item.id, category, ...benchmarkValue(item.key, k, category) })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(carPolicyEntries)
    .values(
      SALES_CARS.map((code, i) => {
        const cash = k % 4 === 3;
        const carClass = cash ? null : i < 2 ? (k % 2 ? ('B' as const) : ('C' as const)) : ('D' as const);
        return {
          responseId,
          positionId: positions.get(code)!,
          eligibility: cash ? ('cash_allowance' as const) : ('company_car' as const),
          carClass,
          typicalCarModelId: carClass ? (cars.get(carClass) ?? null) : null,
          privateUse: cash ? null : k % 3 === 1 ? ('paid' as const) : ('free' as const),
          priceCap: cash ? null : money(Math.round(((2_200_000 + i * 600_000) * payFactor(k)) / 10_000) * 10_000),
          acquisition: cash ? null : k % 5 === 0 ? ('full_service_lease' as const) : ('operating_lease' as const),
          replacementMonths: cash ? null : [36, 48, 60][k % 3]!,
          fuelLimit: cash ? null : money(12_000 + (k % 3) * 2_000),
          cashAllowance: cash ? money(45_000 + i * 10_000) : null,
        };
      }),
    )
    .onConflictDoNothing();
}

/** Adds the market to the demo's period of that code (last year's) and puts the period in review. */
export async function seedSurveyMarket(db: Db, now: Date, demoCompanyId: number, priorPeriodCode: string): Promise<void> {
  const [already] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, PEERS[0]!));
  if (already) return;
  const [prior] = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(and(eq(surveyPeriods.kind, 'salary'), eq(surveyPeriods.code, priorPeriodCode)));
  if (!prior) return;
  const periodId = prior.id;
  await db.transaction(async (tx) => {
    const positions = await positionIdsByCode(tx);
    const regions = await regionIdsByCode(tx);
    const [sales] = await tx.select({ id: surveyPositions.jobGroupId }).from(surveyPositions).where(eq(surveyPositions.code, 'SAL-01'));
    const models = await tx.select({ id: carModels.id, make: carModels.make, model: carModels.model }).from(carModels);
    const modelId = (make: string, model: string) => models.find((m) => m.make === make && m.model === model)?.id;
    const catalogue = {
      positions,
      salesGroup: sales!.id,
      items: await tx.select().from(benchmarkItems).where(eq(benchmarkItems.periodId, periodId)),
      cars: new Map(
        Object.entries(TYPICAL_CARS).flatMap(([carClass, [make, model]]) => {
          const id = modelId(make, model);
          return id === undefined ? [] : [[carClass, id] as const];
        }),
      ),
    };
    const peers = await tx
      .insert(companies)
      .values(PEERS.map((name) => ({ name, domain: `${name.split(' ')[0]!.toLowerCase()}.test`, status: 'confirmed' as const, createdAt: now })))
      .returning({ id: companies.id });
    const accepted = { status: 'accepted' as const, progressPct: 100, submittedAt: now, acceptedAt: now };
    const responses = await tx
      .insert(surveyResponses)
      .values(peers.map((p) => ({ periodId, companyId: p.id, ...accepted })))
      .returning({ id: surveyResponses.id });
    const entries = await tx
      .insert(positionEntries)
      .values(responses.flatMap((r, k) => gridOf(k, r.id, positions, regions)))
      .returning({ id: positionEntries.id, positionId: positionEntries.positionId, responseId: positionEntries.responseId });
    const salesRep = positions.get('SAL-01')!;
    await tx
      .insert(positionAllowances)
      .values(
        entries.flatMap((e, i) =>
          e.positionId === salesRep
            ? [
                { entryId: e.id, allowanceType: 'mobile' as const, amountAvg: '1500.00', shareReceivingPct: '100.00' },
                ...(i % 2 ? [{ entryId: e.id, allowanceType: 'fuel' as const, amountAvg: '9000.00', shareReceivingPct: '100.00' }] : []),
              ]
            : [],
        ),
      );
    for (const [k, r] of responses.entries()) await fillCompanyPolicies(tx, k, r.id, catalogue);
    // Demo Pharma's own answer of that year gets the same pages, so its company report has turnover and benchmarks.
    const [demo] = await tx
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.periodId, periodId), eq(surveyResponses.companyId, demoCompanyId)));
    if (demo) await fillCompanyPolicies(tx, PEERS.length, demo.id, catalogue);
    await tx.update(surveyPeriods).set({ status: 'review', updatedAt: now }).where(eq(surveyPeriods.id, periodId));
  });
}
