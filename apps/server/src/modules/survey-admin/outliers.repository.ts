import { OUTLIER_FACTOR, type OutlierRow } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { COUNTED_COMPANY } from './periods.repository.ts';

type Cell = OutlierRow & { outlier: boolean };

/**
 * A response's grid rows against the market of their cell (design §2, "more than 3× off the market median"): the median
 * base salary of the period's other submitted or accepted responses in the same position and region (test companies and
 * the company itself left out), over cells that at least `minCompanies` other companies answered; fewer would say too
 * much about too few. Every row with a base comes back, with whether it is an outlier.
 */
export async function marketCells(
  db: Executor,
  t: { periodId: number; companyId: number; minCompanies: number; locale: 'en' | 'ru' },
): Promise<{ rows: number; cells: Cell[] }> {
  const ru = t.locale === 'ru';
  const found = await queryRows<{
    positionId: number;
    positionCode: string;
    position: string;
    regionId: number;
    region: string;
    baseSalaryAvg: string;
    median: string | null;
    ratio: string | null;
    companies: number | null;
    outlier: boolean | null;
  }>(
    db,
    sql`WITH market AS (
          SELECT e.position_id, e.region_id, count(*)::int AS companies,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY e.base_salary_avg) AS median
          FROM position_entries e
          JOIN survey_responses r ON r.id = e.response_id
          JOIN companies c ON c.id = r.company_id
          WHERE r.period_id = ${t.periodId} AND r.company_id <> ${t.companyId} AND r.status IN ('submitted', 'accepted')
            AND e.base_salary_avg IS NOT NULL AND ${COUNTED_COMPANY}
          GROUP BY e.position_id, e.region_id
          HAVING count(*) >= ${t.minCompanies})
        SELECT e.position_id AS "positionId", p.code AS "positionCode", ${ru ? sql`p.title_ru` : sql`p.title_en`} AS position,
          e.region_id AS "regionId", ${ru ? sql`g.name_ru` : sql`g.name_en`} AS region, e.base_salary_avg::text AS "baseSalaryAvg",
          round(m.median::numeric, 2)::text AS median, round(e.base_salary_avg / m.median::numeric, 2)::text AS ratio, m.companies,
          (e.base_salary_avg > ${OUTLIER_FACTOR} * m.median::numeric OR e.base_salary_avg * ${OUTLIER_FACTOR} < m.median::numeric) AS outlier
        FROM position_entries e
        JOIN survey_responses r ON r.id = e.response_id
        JOIN survey_positions p ON p.id = e.position_id
        JOIN regions g ON g.id = e.region_id
        LEFT JOIN market m ON m.position_id = e.position_id AND m.region_id = e.region_id AND m.median > 0
        WHERE r.period_id = ${t.periodId} AND r.company_id = ${t.companyId} AND e.base_salary_avg IS NOT NULL
        ORDER BY p.sort, p.code, g.sort, g.name_en`,
  );
  return {
    rows: found.length,
    cells: found
      .filter((f) => f.median !== null)
      .map((f) => ({
        positionId: f.positionId,
        positionCode: f.positionCode,
        position: f.position,
        regionId: f.regionId,
        region: f.region,
        baseSalaryAvg: f.baseSalaryAvg,
        median: f.median!,
        ratio: Number(f.ratio),
        companies: f.companies!,
        // Decided on the exact figures in SQL, not on the rounded ratio shown.
        outlier: f.outlier === true,
      })),
  };
}
