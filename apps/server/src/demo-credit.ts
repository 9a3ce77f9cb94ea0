import type { DistributorType } from '@portal/shared/credit-model';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  companies,
  creditEntries,
  creditSubmissions,
  distributorGroups,
  distributors,
  surveyPeriods,
  userAreaAccess,
  users,
} from './db/schema/index.ts';

/** Fictitious distributors (their INNs carry good check digits); two belong to one holding. */
const DISTRIBUTORS: { nameRu: string; nameEn: string; inn: string; type: DistributorType; holding?: true }[] = [
  { nameRu: 'Центральная фармацевтическая дистрибуция', nameEn: 'Central Pharma Distribution', inn: '7701001012', type: 'national', holding: true },
  { nameRu: 'Северо-Запад Фарм', nameEn: 'North-West Pharm', inn: '7802002020', type: 'national', holding: true },
  { nameRu: 'Сибирский фармсклад', nameEn: 'Siberian Pharma Warehouse', inn: '5403003035', type: 'regional' },
  { nameRu: 'Уральская медицинская компания', nameEn: 'Ural Medical Company', inn: '6604004048', type: 'regional' },
  { nameRu: 'Госпитальные поставки', nameEn: 'Hospital Supply', inn: '5005005058', type: 'hospital_tender' },
  { nameRu: 'Южный аптечный опт', nameEn: 'Southern Pharmacy Wholesale', inn: '2310006060', type: 'pharmacy_chain' },
];

/** Member companies that give credit data in the demo, beside the demo company. */
const MAKERS = ['Aurora Pharmaceuticals', 'Kama Medica', 'Neva Biologics', 'Oka Generics', 'Tver Therapeutics', 'Ladoga Labs'];

/** RUB m a maker reports on each distributor it deals with (0: none); the last two distributors stay below the thresholds. */
const EXPOSURE: number[][] = [
  [120, 80, 40, 30, 15, 0],
  [95, 70, 35, 0, 10, 6],
  [110, 60, 30, 25, 0, 0],
  [90, 85, 0, 35, 12, 0],
  [105, 75, 45, 28, 0, 4],
  [100, 65, 38, 32, 0, 0],
];

const rub = (m: number) => `${m * 1_000_000}.00`;
const lastDayOfPreviousMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);

/**
 * The demo's credit data: six distributors (two of one holding), a credit period open now "as of" the end of last month,
 * and the data six member companies submitted and staff accepted, so the credit report has a market to show; the demo's
 * trusted person holds credit.fill and may enter the demo company's own. Idempotent; a handful of statements.
 */
export async function seedCreditDemo(db: Db, now: Date): Promise<void> {
  const asOf = lastDayOfPreviousMonth(now);
  const code = `C-${asOf.slice(0, 7)}`;
  const [already] = await db
    .select({ id: surveyPeriods.id })
    .from(surveyPeriods)
    .where(and(eq(surveyPeriods.kind, 'credit'), eq(surveyPeriods.code, code)));
  if (already) return;
  await db.transaction(async (tx) => {
    const [holding] = await tx.insert(distributorGroups).values({ nameRu: 'Фармхолдинг', nameEn: 'Pharma Holding' }).returning();
    const dist = await tx
      .insert(distributors)
      .values(DISTRIBUTORS.map(({ holding: inHolding, ...d }) => ({ ...d, legalName: `ООО «${d.nameRu}»`, groupId: inHolding ? holding!.id : null })))
      .returning({ id: distributors.id });
    const [period] = await tx
      .insert(surveyPeriods)
      .values({
        kind: 'credit',
        code,
        titleEn: `Credit data, ${asOf.slice(0, 7)}`,
        titleRu: `Кредитные данные, ${asOf.slice(0, 7)}`,
        status: 'open',
        opensAt: now,
        closesAt: new Date(now.getTime() + 14 * 86_400_000),
        effectiveDate: asOf,
        bonusYear: Number(asOf.slice(0, 4)),
        minimumWage: '0',
      })
      .returning({ id: surveyPeriods.id });
    const makers = await tx
      .insert(companies)
      .values(MAKERS.map((name) => ({ name, domain: `${name.split(' ')[0]!.toLowerCase()}.test`, status: 'confirmed' as const, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: companies.id });
    const submissions = await tx
      .insert(creditSubmissions)
      .values(
        makers.map((m) => ({
          periodId: period!.id,
          companyId: m.id,
          status: 'accepted' as const,
          lastSavedAt: now,
          submittedAt: now,
          acceptedAt: now,
          version: 3,
        })),
      )
      .returning({ id: creditSubmissions.id });
    await tx.insert(creditEntries).values(
      submissions.flatMap((s, i) =>
        (EXPOSURE[i] ?? []).flatMap((m, j) => {
          if (!m) return [];
          // A tenth of it 1–30 days overdue and a twentieth 31–60; monthly sales about a half of it; terms 45–90 days;
          // the overdue amounts 10–25 and 38–53 days past due on average.
          const overdue1 = Math.round(m / 10);
          const overdue31 = Math.round(m / 20);
          const dbt = Math.round((((10 + i * 3) * overdue1 + (38 + j * 3) * overdue31) * 10) / m) / 10;
          return [
            {
              submissionId: s.id,
              distributorId: dist[j]!.id,
              receivablesTotal: rub(m),
              notDue: rub(m - overdue1 - overdue31),
              overdue1To30: rub(overdue1),
              overdue31To60: rub(overdue31),
              overdue61To90: '0',
              overdue91To180: '0',
              overdue181Plus: '0',
              netSalesPeriod: rub(Math.round(m / 2)),
              contractualTermsDays: 45 + ((i * 15 + j * 5) % 50),
              daysBeyondTerms: dbt.toFixed(1),
            },
          ];
        }),
      ),
    );
    const [trusted] = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['trusted@demo.test']));
    if (trusted) await tx.insert(userAreaAccess).values({ userId: trusted.id, area: 'credit.fill', granted: true }).onConflictDoNothing();
  });
}
