import { voting as api, STAFF_API_PREFIXES } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HitCounter } from '../../lib/hit-counter.ts';
import { sendFile, tableFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import { LogBook } from '../action-log/log-book.ts';
import type { CastingService } from './casting.service.ts';
import type { PublicFormService } from './public-form.service.ts';
import type { ResponseModerationService } from './response-moderation.service.ts';
import type { VoterViewsService } from './voter-views.service.ts';
import type { VotingService } from './voting.service.ts';
import { answerColumns, protocolPdf, qrCode, votingColumns } from './voting-files.ts';
import type { VotingResultsService } from './voting-results.service.ts';

export interface VotingServices {
  db: Db;
  /** The public form's per-address ceiling. */
  publicHits: HitCounter;
  clock: Clock;
  voting: VotingService;
  votingResults: VotingResultsService;
  casting: CastingService;
  responseModeration: ResponseModerationService;
  voterViews: VoterViewsService;
  publicForm: PublicFormService;
}

const day = (clock: Clock) => clock.now().toISOString().slice(0, 10);

export function votingRoutes(app: FastifyInstance, s: VotingServices): void {
  const votingLog = new LogBook(s.db, ['vote']);
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.create[p], ({ user, body, request }) => s.voting.create(user, body, request.ip));
    route(app, api.update[p], ({ user, body, request }) => s.voting.update(user, body.id, body.voting, body.confirmDeleteVotes, request.ip));
    route(app, api.nextStatus[p], ({ user, body, request }) => s.voting.next(user, body.id, body.from, request.ip));
    route(app, api.resume[p], ({ user, body, request }) => s.voting.resume(user, body.id, body.endsAt, request.ip));
    route(app, api.publish[p], ({ user, body, request }) => s.voting.publish(user, body.id, body.publishResults, body.showCounts, request.ip));
    route(app, api.toPlan[p], ({ user, body, request }) => s.voting.toPlan(user, body.id, request.ip));
    route(app, api.getDetail[p], ({ query }) => s.voting.detail(query.id));
    route(app, api.list[p], ({ query }) => s.voting.list(query));
    route(app, api.archive[p], ({ query }) => s.voting.archive(query));
    route(app, api.remove[p], ({ user, query, request }) => s.voting.remove(user, query.id, query.confirmDeleteVotes, request.ip));
    route(app, api.stats[p], ({ query }) => s.votingResults.stats(query.id));
    route(app, api.responses[p], ({ query }) => s.responseModeration.list(query.id, query.page, query.pageSize, query.status));
    route(app, api.turnout[p], ({ query }) => s.votingResults.turnout(query.id));
    route(app, api.remind[p], ({ user, body, request }) => s.voting.remind(user, body.id, request.ip));
    route(app, api.sendResponseOnBehalf[p], ({ user, body, request }) =>
      s.casting.recordOnBehalf(user, body.votingId, body.userId, body.optionIds, request.ip),
    );
    route(app, api.updateResponse[p], ({ user, body, request }) => s.responseModeration.correct(user, body.responseId, body.optionIds, request.ip));
    route(app, api.rejectResponse[p], ({ user, body, request }) =>
      s.responseModeration.discard(user, body.responseId, 'rejected', body.reason, request.ip),
    );
    route(app, api.deleteResponse[p], ({ user, query, request }) =>
      s.responseModeration.discard(user, query.responseId, 'deleted', null, request.ip),
    );
    route(app, api.restoreResponse[p], ({ user, body, request }) => s.responseModeration.restore(user, body.responseId, request.ip));
    route(app, api.downloadVotings[p], async ({ query, locale, reply }) => {
      const { rows } = await s.voting.list({ ...query, page: 1, pageSize: 10_000 });
      sendFile(reply, `votings-${day(s.clock)}.xlsx`, 'xlsx', await tableFile('xlsx', 'votings', votingColumns(locale), rows));
    });
    route(app, api.downloadAnswers[p], async ({ query, locale, reply }) => {
      const { voting, rows: responses } = await s.votingResults.answers(query.id);
      const rows = responses.map((r) => ({
        ...r,
        company: r.company ?? '',
        at: r.at.toISOString(),
        reason: r.reason ?? '',
        answers: r.answers ?? translate(locale, 'voting.secretAnswer'),
      }));
      sendFile(
        reply,
        `voting-${voting.id}-answers-${day(s.clock)}.xlsx`,
        'xlsx',
        await tableFile('xlsx', 'answers', answerColumns(locale, voting.requireCode), rows),
      );
    });
    route(app, api.protocol[p], async ({ query, locale, reply }) => {
      const { voting, stats, participants } = await s.votingResults.protocol(query.id);
      sendFile(
        reply,
        `voting-${voting.id}-protocol-${day(s.clock)}.pdf`,
        'pdf',
        await protocolPdf(locale, voting, stats, participants, s.clock.now()),
      );
    });
    route(app, api.qrCode[p], async ({ query, reply }) => {
      const voting = await s.voting.detail(query.id);
      sendFile(reply, `voting-${voting.id}-qr.${query.format}`, query.format, await qrCode(voting.link, query.format));
    });
    route(app, api.log[p], ({ query }) => votingLog.list(query));
    route(app, api.logSetViewed[p], ({ body }) => votingLog.markViewed(body.id));
    route(app, api.logSetAllViewed[p], () => votingLog.markViewed());
  }

  route(app, api.active, ({ user }) => s.voterViews.activeFor(user));
  route(app, api.voterArchive, ({ user }) => s.voterViews.archiveFor(user));
  route(app, api.getById, ({ user, query }) => s.voterViews.byIdFor(user, query.id));
  route(app, api.sendResponse, ({ user, body }) => s.casting.vote(user, body.votingId, body.optionIds));
  const limited = { guard: (request: FastifyRequest) => s.publicHits.hit(request.ip) };
  route(app, api.getNoAuth, ({ query }) => s.publicForm.publicVoting(query.slug), limited);
  route(app, api.checkUser, ({ body }) => s.publicForm.checkUser(body.slug, body.email), limited);
  route(app, api.sendNoAuthResponse, ({ body }) => s.publicForm.voteByEmail(body.slug, body.email, body.code, body.optionIds), limited);
}
