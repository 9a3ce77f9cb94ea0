import { survey as api, MANAGER_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import type { AnswersService } from './answers.service.ts';
import type { CompletionService } from './completion.service.ts';
import type { ContactService } from './contact.service.ts';
import type { IncumbentsService } from './incumbents.service.ts';
import type { PositionsExcelService } from './positions-excel.service.ts';
import type { PositionsGridService } from './positions-grid.service.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

export interface SurveyServices {
  questionnaire: QuestionnaireService;
  positionsGrid: PositionsGridService;
  surveyAnswers: AnswersService;
  surveyCompletion: CompletionService;
  positionsExcel: PositionsExcelService;
  incumbents: IncumbentsService;
  contacts: ContactService;
}

/** The questionnaire's routes (company side of the salary survey): wiring only. */
export function surveyRoutes(app: FastifyInstance, s: SurveyServices): void {
  const caller = (user: Parameters<QuestionnaireService['context']>[0], ip: string) => ({ user, ip });

  route(app, api.getSurvey, ({ user, query, locale }) => s.questionnaire.overview(user, query, locale));
  route(app, api.getPageContent, ({ user, query, locale }) => s.surveyAnswers.pageContent(user, query, locale));
  route(app, api.getSurveyJobGroups, ({ user, query }) => s.surveyAnswers.jobGroups(user, query));
  route(app, api.getJobGroupPositions, ({ user, query }) => s.surveyAnswers.positions(user, query));
  route(app, api.getCars, ({ user, query }) => s.surveyAnswers.cars(user, query));
  route(app, api.getPositionsData, ({ user, query }) => s.positionsGrid.data(user, query));
  route(app, api.getTurnoverData, ({ user, query }) => s.surveyAnswers.turnover(user, query));
  route(app, api.getBenchmarkData, ({ user, query, locale }) => s.surveyAnswers.benchmarks(user, query, locale));
  route(app, api.getSavedPageData, ({ user, query }) => s.surveyAnswers.savedPage(user, query));

  route(app, api.savePositions, ({ user, body, request }) => s.positionsGrid.save(caller(user, request.ip), body));
  route(app, api.clearPositionData, ({ user, query, request }) => s.positionsGrid.clear(caller(user, request.ip), query));
  route(app, api.saveTurnover, ({ user, body, request }) => s.surveyAnswers.saveTurnover(caller(user, request.ip), body));
  route(app, api.saveBenchmark, ({ user, body, request, locale }) => s.surveyAnswers.saveBenchmark(caller(user, request.ip), body, locale));
  route(app, api.savePageData, ({ user, body, request }) => s.surveyAnswers.savePage(caller(user, request.ip), body));
  route(app, api.acknowledgeIssue, ({ user, body, request }) => s.surveyCompletion.acknowledge(caller(user, request.ip), body));
  route(app, api.copyFromLastYear, ({ user, body, request }) => s.surveyCompletion.copyFromLastYear(caller(user, request.ip), body));

  route(app, api.downloadPositions, async ({ user, query, locale, reply }) => {
    const file = await s.positionsExcel.template(user, query, query.locale ?? locale);
    return sendFile(reply, file.name, 'xlsx', file.data);
  });
  route(app, api.uploadPositions, ({ user, body, files, request, locale }) =>
    s.positionsExcel.upload(
      caller(user, request.ip),
      body,
      files.find((f) => f.field === 'file'),
      locale,
    ),
  );

  route(app, api.downloadIncumbents, async ({ user, query, locale, reply }) => {
    const file = await s.incumbents.template(user, query, query.locale ?? locale);
    return sendFile(reply, file.name, 'xlsx', file.data);
  });
  route(app, api.uploadIncumbents, ({ user, body, files, request, locale }) =>
    s.incumbents.upload(
      caller(user, request.ip),
      body,
      files.find((f) => f.field === 'file'),
      locale,
    ),
  );
  route(app, api.removeIncumbents, ({ user, query, request }) => s.incumbents.remove(caller(user, request.ip), query));

  route(app, api.setCompleteStatus, ({ user, body, request }) => s.surveyCompletion.complete(caller(user, request.ip), body));
  route(app, api.withdraw, ({ user, body, request }) => s.surveyCompletion.withdraw(caller(user, request.ip), body));

  for (const p of MANAGER_API_PREFIXES) {
    route(app, api.companyContact[p], ({ user, query }) => s.contacts.get(user, query.companyId));
    route(app, api.updateContact[p], ({ user, body, request }) => s.contacts.update(caller(user, request.ip), body));
  }
  route(app, api.userContact, ({ user }) => s.contacts.get(user));
}
