import { reports } from '@portal/shared';
import { downloadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/report/download: an edition's file (staff may fetch unpublished ones); the server logs it. */
export const downloadReport = (prefix: StaffPrefix, reportId: number) => downloadEndpoint(reports.download[prefix], { query: { reportId } });
