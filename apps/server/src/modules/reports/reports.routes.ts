import { reports as api, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { ReportAccessService } from './access.service.ts';
import type { ReportDownloads, ReportFile } from './downloads.service.ts';
import type { EditionsService } from './editions.service.ts';
import type { ReportContents } from './report-contents.ts';

export interface ReportsServices {
  reportEditions: EditionsService;
  reportAccess: ReportAccessService;
  reportDownloads: ReportDownloads;
  reportContents: ReportContents;
}

export function reportsRoutes(app: FastifyInstance, s: ReportsServices): void {
  const send = (reply: Parameters<typeof sendFile>[0], file: ReportFile) => sendFile(reply, file.name, file.format, file.data);

  for (const p of STAFF_API_PREFIXES) {
    route(app, api.periodReports[p], ({ query }) => s.reportEditions.list(query.periodId));
    route(app, api.freezeStatistics[p], ({ user, body, request }) => s.reportEditions.freeze({ user, ip: request.ip }, body.periodId));
    for (const [type, endpoint] of [
      ['general', api.createGeneralReport],
      ['car', api.createCarReport],
      ['full', api.createFullReport],
      ['company', api.createCompanyReports],
      ['credit', api.createCreditReport],
    ] as const) {
      route(app, endpoint[p], ({ user, body, request }) => s.reportEditions.create({ user, ip: request.ip }, type, body));
    }
    route(app, api.startGeneration[p], ({ user, body, request }) => s.reportEditions.startGeneration({ user, ip: request.ip }, body.reportId));
    route(app, api.convertToPdf[p], ({ user, body, request }) => s.reportEditions.convertToPdf({ user, ip: request.ip }, body.reportId));
    route(app, api.tasks[p], ({ query }) => s.reportEditions.tasks(query.periodId));
    route(app, api.checkStatus[p], ({ query }) => s.reportEditions.checkStatus(query.taskId));
    route(app, api.download[p], async ({ user, query, request, reply }) =>
      send(reply, await s.reportDownloads.staffDownload({ user, ip: request.ip }, query.reportId)),
    );
    route(app, api.createZip[p], ({ user, body, request }) => s.reportEditions.createZip({ user, ip: request.ip }, body));
    route(app, api.downloadZip[p], async ({ user, query, request, reply }) =>
      send(reply, await s.reportDownloads.staffZip({ user, ip: request.ip }, query.archiveId)),
    );
    route(app, api.interactiveCut[p], ({ body }) => s.reportContents.cut(body));
    route(app, api.setAccessToReport[p], ({ user, body, request }) => s.reportAccess.setAccess({ user, ip: request.ip }, body));
    route(app, api.accessReportsList[p], ({ query }) => s.reportAccess.listGrants(query.periodId));
    route(app, api.participants[p], ({ query }) => s.reportAccess.participantsOf(query.periodId));
    route(app, api.accessReportsUpdate[p], ({ user, body, request }) => s.reportAccess.update({ user, ip: request.ip }, body.changes));
  }
  route(app, api.staffDataList, () => s.reportAccess.staffScopes());
  route(app, api.staffDataUpdate, ({ user, body, request }) => s.reportAccess.updateStaffScopes({ user, ip: request.ip }, body.changes));

  route(app, api.getPublishedReports, ({ user, query }) => s.reportAccess.published(user, query));
  route(app, api.downloadPublished, async ({ user, query, request, reply }) =>
    send(reply, await s.reportDownloads.readerDownload({ user, ip: request.ip }, query.reportId)),
  );
  route(app, api.downloadZipReports, async ({ user, query, request, reply }) =>
    send(reply, await s.reportDownloads.readerZip({ user, ip: request.ip }, query.periodId, query.language)),
  );
}
