import { reports } from '@portal/shared';
import { downloadEndpoint } from '../../../lib/api-client.ts';

/** GET /user/report/download: the report's file, stamped with the reader's name and company (the server logs it). */
export const downloadPublished = (reportId: number) => downloadEndpoint(reports.downloadPublished, { query: { reportId } });
