import type { LiveEvent, LiveEventName } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveStream } from './live-hub.ts';

/** A comment line this often keeps proxies (nginx closes a silent upstream after 60 s) and browsers from giving up. */
const KEEPALIVE_MS = 20_000;

/**
 * A stream ends after this long and the browser opens a new one with a new ticket, so a session ended meanwhile
 * (logout, a person switched off) stops receiving within it.
 */
const MAX_LIFE_MS = 15 * 60_000;

/** How long a browser waits before reconnecting after the stream ends (the SSE `retry` field). */
const RETRY_MS = 1000;

/**
 * Turns the request into a Server-Sent Events stream for the topics: the reply is taken over (hijacked), so the headers
 * the hooks set so far (security headers) are written with the stream's own; `onEnd` runs once when it ends.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, topics: string[], onEnd: (stream: LiveStream) => void): LiveStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | string[]>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // nginx: pass each event on at once even where proxy_buffering is on.
    'X-Accel-Buffering': 'no',
    // The connection ends with the stream: one kept open after it would hold a draining server's close.
    Connection: 'close',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  let ended = false;
  const keepalive = setInterval(() => raw.write(':\n\n'), KEEPALIVE_MS);
  const life = setTimeout(() => stream.close(), MAX_LIFE_MS);
  const stream: LiveStream = {
    topics,
    send<N extends LiveEventName>(event: N, data: LiveEvent<N>) {
      if (!ended) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (!ended) raw.end();
    },
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepalive);
    clearTimeout(life);
    onEnd(stream);
  };
  request.raw.on('close', end);
  raw.on('close', end);
  return stream;
}
