import { reports } from '@portal/shared';
import type { ReportLanguage } from '@portal/shared/reports-model';
import { downloadEndpoint } from '../../../lib/api-client.ts';

/** GET /user/report/downloadZipReports: every report of a period the person may read (in one language, if given) as a zip. */
export const downloadZipReports = (periodId: number, language?: ReportLanguage) =>
  downloadEndpoint(reports.downloadZipReports, { query: { periodId, language } });
