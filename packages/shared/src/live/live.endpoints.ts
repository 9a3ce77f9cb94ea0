import { defineEndpoint } from '../http.ts';
import { ROLES } from '../roles.ts';
import { liveStreamQuery, liveTicketSchema } from './live.schemas.ts';

/**
 * A ticket for one live stream. A browser's EventSource cannot send the Bearer token, and a token in a URL would land
 * in logs and histories: so the signed-in client asks for a ticket (valid a minute, single use, bound to its session)
 * and opens the stream with it.
 */
export const ticket = defineEndpoint({
  method: 'POST',
  path: '/live/ticket',
  access: ROLES,
  summary: 'A single-use ticket, valid for a minute, that opens one live stream for the caller’s session',
  response: liveTicketSchema,
});

/** The live stream (text/event-stream): the ticket stands for the session, each topic is checked against its role. */
export const stream = defineEndpoint({
  method: 'GET',
  path: '/live',
  access: 'public',
  summary: 'Server-Sent Events of the topics asked for (ready, stats, changed); opened with a ticket from /live/ticket',
  query: liveStreamQuery,
  responseKind: 'stream',
});
