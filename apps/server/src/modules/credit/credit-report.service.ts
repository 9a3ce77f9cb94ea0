import type { ReportLanguage } from '@portal/shared/reports-model';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ReportDocument } from '../reports/report-document.ts';
import * as repo from './credit.repository.ts';
import { creditReportDocument, TREND_PERIODS } from './credit-report.ts';

/**
 * Reads a credit period's accepted data (counted companies only; staff accept each submission), and that of the credit
 * periods before it for the trend and the changes, and makes the credit report of them.
 */
export class CreditReportService {
  constructor(private readonly db: Db) {}

  /** The report in a language; with a company, that company's own exposure beside the market. */
  async document(periodId: number, language: ReportLanguage, companyId: number | null = null): Promise<ReportDocument> {
    const period = await repo.creditPeriod(this.db, periodId);
    if (!period) throw new AppError('NOT_FOUND');
    const earlier = await repo.earlierReportedPeriods(this.db, period, TREND_PERIODS - 1);
    const rows = await repo.reportedEntriesOf(this.db, [period.id, ...earlier.map((p) => p.id)]);
    return creditReportDocument({
      language,
      period,
      rules: period.rules,
      rows: rows.get(period.id) ?? [],
      companyId,
      earlier: earlier.map((p) => ({ period: p, rules: p.rules, rows: rows.get(p.id) ?? [] })),
    });
  }

  /** The companies whose credit data the period's report holds (its participants: give to get). */
  async participants(tx: Executor, periodId: number): Promise<number[]> {
    return [...new Set((await repo.reportedEntries(tx, periodId)).map((r) => r.companyId))];
  }
}
