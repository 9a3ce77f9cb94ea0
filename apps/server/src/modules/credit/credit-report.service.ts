import type { ReportLanguage } from '@portal/shared/reports-model';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ReportDocument } from '../reports/report-document.ts';
import * as repo from './credit.repository.ts';
import { creditReportDocument } from './credit-report.ts';

/** Reads a credit period's submitted and accepted data (counted companies only) and makes the credit report of it. */
export class CreditReportService {
  constructor(private readonly db: Db) {}

  /** The report in a language; with a company, that company's own exposure beside the market. */
  async document(periodId: number, language: ReportLanguage, companyId: number | null = null): Promise<ReportDocument> {
    const period = await repo.creditPeriod(this.db, periodId);
    if (!period) throw new AppError('NOT_FOUND');
    const rows = await repo.reportedEntries(this.db, period.id);
    return creditReportDocument({ language, period, rules: period.rules, rows, companyId });
  }

  /** The companies whose credit data the period's report holds (its participants: give to get). */
  async participants(tx: Executor, periodId: number): Promise<number[]> {
    return [...new Set((await repo.reportedEntries(tx, periodId)).map((r) => r.companyId))];
  }
}
