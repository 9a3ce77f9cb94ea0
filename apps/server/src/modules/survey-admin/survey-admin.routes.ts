import { surveyAdmin as api, STAFF_API_PREFIXES } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { DatafilesService } from './datafiles.service.ts';
import type { PeriodsService } from './periods.service.ts';
import type { ProgressService } from './progress.service.ts';
import type { RemindersService } from './reminders.service.ts';
import type { ReviewService } from './review.service.ts';

export interface SurveyAdminServices {
  surveyPeriods: PeriodsService;
  surveyDatafiles: DatafilesService;
  surveyProgress: ProgressService;
  surveyReminders: RemindersService;
  surveyReview: ReviewService;
}

export function surveyAdminRoutes(app: FastifyInstance, s: SurveyAdminServices): void {
  const actor = (user: Parameters<PeriodsService['create']>[0]['user'], ip: string) => ({ user, ip });

  for (const p of STAFF_API_PREFIXES) {
    route(app, api.periods[p], () => s.surveyPeriods.list());
    route(app, api.createPeriod[p], ({ user, body, request }) => s.surveyPeriods.create(actor(user, request.ip), body));
    route(app, api.updatePeriod[p], ({ user, body, request }) => s.surveyPeriods.update(actor(user, request.ip), body));
    route(app, api.movePeriod[p], ({ user, body, request }) => s.surveyPeriods.move(actor(user, request.ip), body));
    route(app, api.instructions[p], async ({ query, reply }) => {
      const file = await s.surveyDatafiles.instructions(query.periodId);
      return sendFile(reply, file.name, 'pdf', file.stream, 'inline');
    });

    route(app, api.datafiles[p], ({ locale, query }) => s.surveyDatafiles.list(locale, query.periodId));
    route(app, api.uploadDatafile[p], ({ user, body, files, locale, request }) =>
      s.surveyDatafiles.upload(
        actor(user, request.ip),
        locale,
        body.periodId,
        body.kind,
        files.find((f) => f.field === 'file'),
      ),
    );
    route(app, api.applyDatafile[p], ({ user, body, locale, request }) => s.surveyDatafiles.apply(actor(user, request.ip), locale, body.datafileId));
    route(app, api.datafileDownload[p], async ({ query, reply }) => {
      const file = await s.surveyDatafiles.download(query.datafileId);
      return sendFile(reply, file.name, file.pdf ? 'pdf' : 'xlsx', file.stream);
    });
    route(app, api.datafileTemplate[p], async ({ query, locale, reply }) =>
      sendFile(reply, `${translate(locale, `surveyAdmin.kinds.${query.kind}`)}.xlsx`, 'xlsx', await s.surveyDatafiles.template(locale, query.kind)),
    );

    route(app, api.progress[p], ({ query }) => s.surveyProgress.list(query));
    route(app, api.progressDownload[p], async ({ query, locale, reply }) => {
      const file = await s.surveyProgress.download(locale, query);
      return sendFile(reply, file.name, 'xlsx', file.data);
    });
    route(app, api.remind[p], ({ user, body, request }) => s.surveyReminders.remind(actor(user, request.ip), body.periodId, body.companyId));
    route(app, api.returnResponse[p], ({ user, body, request }) => s.surveyReview.returnWithQuestion(actor(user, request.ip), body));
    route(app, api.acceptResponse[p], ({ user, body, request }) => s.surveyReview.accept(actor(user, request.ip), body));
    route(app, api.excludeResponse[p], ({ user, body, request }) => s.surveyReview.exclude(actor(user, request.ip), body));
    route(app, api.reopenResponse[p], ({ user, body, request }) => s.surveyReview.reopen(actor(user, request.ip), body));
    route(app, api.extendDeadline[p], ({ user, body, request }) => s.surveyReview.extend(actor(user, request.ip), body));
    route(app, api.outliers[p], ({ query, locale }) => s.surveyReview.outliers(locale, query));
    route(app, api.resetResponse[p], ({ user, query, request }) => s.surveyReview.reset(actor(user, request.ip), query));
  }
  route(app, api.setTestCompany, ({ user, body, request }) => s.surveyReview.setTestCompany(actor(user, request.ip), body.companyId, body.isTest));
}
