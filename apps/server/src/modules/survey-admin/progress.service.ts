import type { Locale, ProgressRow, progressDownloadQuery, progressListQuery } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import { type Db, readTogether } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Column, tableFile } from '../../lib/table-file.ts';
import type { PeriodsService } from './periods.service.ts';
import * as repo from './progress.repository.ts';

/** The export's ceiling: every member company, with room to spare. */
const EXPORT_MAX = 10_000;

/** A moment as the sheet shows it (UTC, to the minute). */
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

const columns = (locale: Locale): Column<ProgressRow>[] => {
  const t = (key: string) => translate(locale, `surveyAdmin.progressColumns.${key}`);
  return [
    { header: t('company'), value: (r) => r.company, width: 36 },
    { header: t('test'), value: (r) => (r.isTest ? translate(locale, 'common.yes') : ''), width: 10 },
    { header: t('status'), value: (r) => translate(locale, `surveyAdmin.responseStatus.${r.status}`), width: 16 },
    { header: t('progress'), value: (r) => r.progressPct, width: 12 },
    { header: t('steps'), value: (r) => `${r.stepsComplete}/${r.stepsTotal}`, width: 12 },
    { header: t('lastSavedAt'), value: (r) => when(r.lastSavedAt), width: 18 },
    { header: t('lastSavedBy'), value: (r) => r.lastSavedBy ?? '', width: 24 },
    { header: t('submittedAt'), value: (r) => when(r.submittedAt), width: 18 },
    { header: t('deadline'), value: (r) => when(r.deadline), width: 18 },
    { header: t('reminders'), value: (r) => r.reminders, width: 12 },
    { header: t('lastReminderAt'), value: (r) => when(r.lastReminderAt), width: 18 },
    { header: t('openIssues'), value: (r) => r.openIssues, width: 12 },
  ];
};

/** The staff completion dashboard (design §1.3, §4 report-progress/list) and its Excel export. */
export class ProgressService {
  constructor(
    private readonly db: Db,
    private readonly periods: PeriodsService,
  ) {}

  async list(q: z.output<typeof progressListQuery>): Promise<{ rows: ProgressRow[]; total: number }> {
    const filters = { ...q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
    // The period's existence comes with the count: one round trip fewer on the staff's busiest list.
    const [rows, { total, found }] = await readTogether<[ProgressRow[], { total: number; found: boolean }]>(this.db, [
      () => repo.progressPage(this.db, q.periodId, filters),
      () => repo.progressTotal(this.db, q.periodId, filters),
    ]);
    if (!found) throw new AppError('NOT_FOUND');
    return { rows, total };
  }

  /** The same rows as the screen (filters and order), all of them, as a workbook named after the period. */
  async download(locale: Locale, q: z.output<typeof progressDownloadQuery>): Promise<{ name: string; data: Buffer }> {
    const period = await this.periods.get(this.db, q.periodId);
    const rows = await repo.progressPage(this.db, q.periodId, { ...q, limit: EXPORT_MAX, offset: 0 });
    const sheet = translate(locale, 'surveyAdmin.tabs.company');
    return { name: `${sheet} ${period.code}.xlsx`, data: await tableFile('xlsx', sheet, columns(locale), rows) };
  }
}
