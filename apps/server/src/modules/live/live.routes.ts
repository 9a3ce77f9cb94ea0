import { live, mayFollow, votingOfTopic } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { route } from '../../plugins/endpoint.ts';
import type { StreamTickets } from '../account/stream-tickets.ts';
import type { VotingResultsService } from '../voting/voting-results.service.ts';
import { openEventStream } from './event-stream.ts';
import { LiveHub, type LivePayload } from './live-hub.ts';

export interface LiveDeps {
  bus: LiveBus;
  tickets: StreamTickets;
  votingResults: VotingResultsService;
}

/** A topic's event: a voting's results as staff see them, else that the topic changed (a deleted voting, too). */
async function payloadOf(votingResults: VotingResultsService, topic: string): Promise<LivePayload> {
  const id = votingOfTopic(topic);
  if (id !== null) {
    try {
      return { event: 'stats', data: { topic, id, stats: await votingResults.stats(id) } };
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
    }
  }
  return { event: 'changed', data: { topic } };
}

/** The live streams of this server: tickets, the stream itself, and their end when the server drains. */
export function liveRoutes(app: FastifyInstance, { bus, tickets, votingResults }: LiveDeps): void {
  const hub = new LiveHub((topic) => payloadOf(votingResults, topic), app.log);
  bus.follow(hub);

  route(app, live.ticket, async ({ sessionId }) => ({ ticket: await tickets.issue(sessionId as number) }));
  route(app, live.stream, async ({ query, request, reply }) => {
    const user = await tickets.redeem(query.ticket);
    if (!query.topics.every((topic) => mayFollow(user.role, topic))) throw new AppError('FORBIDDEN');
    hub.add(openEventStream(request, reply, query.topics, (stream) => hub.remove(stream)));
  });
  // Streams never finish by themselves: they end first, so closing waits only for real requests.
  app.addHook('preClose', async () => hub.closeAll());
}
