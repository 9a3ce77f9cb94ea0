import type { CreditEntry, CreditEntryValues } from '@portal/shared';
import { AGEING_BUCKETS } from '@portal/shared/credit-model';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { creditEntries, creditSubmissions, distributors, surveyPeriods } from '../../db/schema/index.ts';
import { COUNTED_COMPANY } from '../survey-admin/periods.repository.ts';

export type SubmissionRow = typeof creditSubmissions.$inferSelect;
export type CreditPeriodRow = Pick<
  typeof surveyPeriods.$inferSelect,
  'id' | 'code' | 'titleEn' | 'titleRu' | 'status' | 'effectiveDate' | 'closesAt' | 'rules'
>;

const periodColumns = {
  id: surveyPeriods.id,
  code: surveyPeriods.code,
  titleEn: surveyPeriods.titleEn,
  titleRu: surveyPeriods.titleRu,
  status: surveyPeriods.status,
  effectiveDate: sql<string>`${surveyPeriods.effectiveDate}::text`,
  closesAt: surveyPeriods.closesAt,
  rules: surveyPeriods.rules,
};

/** A credit period by id, or the running one (open first, then the latest with staff) when no id is given. */
export async function creditPeriod(db: Executor, periodId?: number): Promise<CreditPeriodRow | undefined> {
  const [row] = await db
    .select(periodColumns)
    .from(surveyPeriods)
    .where(
      periodId
        ? and(eq(surveyPeriods.kind, 'credit'), eq(surveyPeriods.id, periodId))
        : and(eq(surveyPeriods.kind, 'credit'), inArray(surveyPeriods.status, ['open', 'closed', 'review'])),
    )
    .orderBy(sql`${surveyPeriods.status} = 'open' DESC`, desc(surveyPeriods.effectiveDate), desc(surveyPeriods.id))
    .limit(1);
  return row;
}

export async function findSubmission(db: Executor, periodId: number, companyId: number, lock = false): Promise<SubmissionRow | undefined> {
  const q = db
    .select()
    .from(creditSubmissions)
    .where(and(eq(creditSubmissions.periodId, periodId), eq(creditSubmissions.companyId, companyId)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Makes the company's submission; undefined when a save at the same moment made it first. */
export async function insertSubmission(db: Executor, values: typeof creditSubmissions.$inferInsert): Promise<SubmissionRow | undefined> {
  const [row] = await db.insert(creditSubmissions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSubmission(db: Executor, id: number, values: Partial<typeof creditSubmissions.$inferInsert>): Promise<void> {
  await db.update(creditSubmissions).set(values).where(eq(creditSubmissions.id, id));
}

/** A submission's rows with their distributors, by name. Amounts come back as the database keeps them ('1000.00'). */
export async function entriesOf(db: Executor, submissionId: number): Promise<CreditEntry[]> {
  const rows = await db
    .select({
      entry: creditEntries,
      distributor: {
        id: distributors.id,
        nameRu: distributors.nameRu,
        nameEn: distributors.nameEn,
        inn: distributors.inn,
        status: distributors.status,
      },
    })
    .from(creditEntries)
    .innerJoin(distributors, eq(distributors.id, creditEntries.distributorId))
    .where(eq(creditEntries.submissionId, submissionId))
    .orderBy(sql`lower(${distributors.nameRu})`, distributors.id);
  return rows.map(({ entry, distributor }) => ({
    distributor,
    receivablesTotal: entry.receivablesTotal,
    ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, entry[b]])) as Record<(typeof AGEING_BUCKETS)[number], string>),
    netSalesPeriod: entry.netSalesPeriod,
    contractualTermsDays: entry.contractualTermsDays,
    daysBeyondTerms: entry.daysBeyondTerms,
  }));
}

/** Replaces a submission's rows with these: two statements whatever their number. */
export async function replaceEntries(db: Executor, submissionId: number, entries: CreditEntryValues[]): Promise<void> {
  await db.delete(creditEntries).where(eq(creditEntries.submissionId, submissionId));
  if (!entries.length) return;
  await db.insert(creditEntries).values(
    entries.map((e) => ({
      submissionId,
      distributorId: e.distributorId,
      receivablesTotal: e.receivablesTotal,
      notDue: e.notDue,
      overdue1To30: e.overdue1To30,
      overdue31To60: e.overdue31To60,
      overdue61To90: e.overdue61To90,
      overdue91To180: e.overdue91To180,
      overdue181Plus: e.overdue181Plus,
      netSalesPeriod: e.netSalesPeriod,
      contractualTermsDays: e.contractualTermsDays,
      daysBeyondTerms: e.daysBeyondTerms,
    })),
  );
}

/** What the credit report reads: every row of a period's accepted submissions of counted companies (as the salary statistics read accepted answers only). */
export interface ReportedEntry {
  companyId: number;
  distributorId: number;
  distributorNameRu: string;
  distributorNameEn: string;
  groupId: number | null;
  receivablesTotal: string;
  notDue: string;
  overdue1To30: string;
  overdue31To60: string;
  overdue61To90: string;
  overdue91To180: string;
  overdue181Plus: string;
  netSalesPeriod: string;
  contractualTermsDays: number;
  daysBeyondTerms: string | null;
}

/** The submissions the credit report counts (`s`, with its company `c`). */
const COUNTED = sql`s.status = 'accepted' AND ${COUNTED_COMPANY}`;

export async function reportedEntries(db: Executor, periodId: number): Promise<ReportedEntry[]> {
  return (await reportedEntriesOf(db, [periodId])).get(periodId) ?? [];
}

/** The rows the report reads of several periods in one query, by period. */
export async function reportedEntriesOf(db: Executor, periodIds: number[]): Promise<Map<number, ReportedEntry[]>> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT s.period_id, s.company_id, e.distributor_id, d.name_ru, d.name_en, d.group_id, e.receivables_total::text,
        e.not_due::text, e.overdue_1_30::text, e.overdue_31_60::text, e.overdue_61_90::text, e.overdue_91_180::text,
        e.overdue_181_plus::text, e.net_sales_period::text, e.contractual_terms_days, e.days_beyond_terms::text
      FROM credit_entries e
      JOIN credit_submissions s ON s.id = e.submission_id
      JOIN companies c ON c.id = s.company_id
      JOIN distributors d ON d.id = e.distributor_id
      WHERE s.period_id = ANY(${`{${periodIds.join(',')}}`}::int[]) AND ${COUNTED}
      ORDER BY s.period_id, e.distributor_id, s.company_id`,
  );
  const byPeriod = new Map<number, ReportedEntry[]>(periodIds.map((id) => [id, []]));
  for (const r of rows)
    byPeriod.get(r.period_id as number)?.push({
      companyId: r.company_id as number,
      distributorId: r.distributor_id as number,
      distributorNameRu: r.name_ru as string,
      distributorNameEn: r.name_en as string,
      groupId: (r.group_id as number | null) ?? null,
      receivablesTotal: r.receivables_total as string,
      notDue: r.not_due as string,
      overdue1To30: r.overdue_1_30 as string,
      overdue31To60: r.overdue_31_60 as string,
      overdue61To90: r.overdue_61_90 as string,
      overdue91To180: r.overdue_91_180 as string,
      overdue181Plus: r.overdue_181_plus as string,
      netSalesPeriod: r.net_sales_period as string,
      contractualTermsDays: r.contractual_terms_days as number,
      daysBeyondTerms: (r.days_beyond_terms as string | null) ?? null,
    });
  return byPeriod;
}

/**
 * The published credit periods before this one (by as-of date) whose data the report would read, newest first, at most `limit`:
 * the report's trend and the period its changes are measured from.
 */
export async function earlierReportedPeriods(db: Executor, period: CreditPeriodRow, limit: number): Promise<CreditPeriodRow[]> {
  return db
    .select(periodColumns)
    .from(surveyPeriods)
    .where(
      and(
        eq(surveyPeriods.kind, 'credit'),
        sql`(${surveyPeriods.effectiveDate}, ${surveyPeriods.id}) < (${period.effectiveDate}::date, ${period.id})`,
        // Only what was published: a report never shows an earlier period's figures before that period's own report.
        inArray(surveyPeriods.status, ['published', 'archived']),
        sql`EXISTS (SELECT 1 FROM credit_submissions s JOIN companies c ON c.id = s.company_id
          WHERE s.period_id = ${surveyPeriods.id} AND ${COUNTED}
            AND EXISTS (SELECT 1 FROM credit_entries e WHERE e.submission_id = s.id))`,
      ),
    )
    .orderBy(desc(surveyPeriods.effectiveDate), desc(surveyPeriods.id))
    .limit(limit);
}
