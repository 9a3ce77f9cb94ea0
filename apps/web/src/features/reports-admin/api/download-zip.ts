import { reports } from '@portal/shared';
import { downloadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/report/downloadZip: a built zip of a period's reports. */
export const downloadZip = (prefix: StaffPrefix, archiveId: number) => downloadEndpoint(reports.downloadZip[prefix], { query: { archiveId } });
