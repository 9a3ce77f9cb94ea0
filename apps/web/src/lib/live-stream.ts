import { API_PREFIX, type LiveEvent } from '@portal/shared';
import { callEndpoint } from './api-client.ts';
import { handlers, type LiveHandler, schedule } from './live.ts';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

/**
 * One live stream per browser tab for every topic its pages follow (browsers allow few connections per server): when
 * the set of topics changes, the stream is opened again with the new set. EventSource cannot send the Bearer token,
 * so each opening asks for a single-use ticket first; for the same reason a stream that fails is not left to
 * EventSource's own retry (its ticket is spent) but opened again here with a new ticket, backing off.
 */
let source: EventSource | undefined;
let openTopics = '';
let retryMs = FIRST_RETRY_MS;

const each = (topic: string | null, call: (h: LiveHandler) => void) => {
  for (const [t, set] of handlers) if (topic === null || t === topic) for (const h of set) call(h);
};

/** Opens the stream for the topics followed now, unless it is open for them already. */
export async function connect(): Promise<void> {
  const topics = [...handlers.keys()].sort().join(',');
  if (source && topics === openTopics) return;
  source?.close();
  source = undefined;
  openTopics = topics;
  if (!topics) return;
  let ticket: string;
  try {
    const { live } = await import('./shell-endpoints.ts');
    ({ ticket } = await callEndpoint(live.ticket));
  } catch {
    if (openTopics === topics) retry();
    return;
  }
  // The topics changed while the ticket was asked for: the newer opening wins.
  if (openTopics !== topics || source) return;
  const stream = new EventSource(`${API_PREFIX}/live?${new URLSearchParams({ ticket, topics })}`);
  source = stream;
  stream.addEventListener('ready', () => {
    retryMs = FIRST_RETRY_MS;
    each(null, (h) => h.onReady());
  });
  stream.addEventListener('stats', (e) => {
    const event = JSON.parse(e.data) as LiveEvent<'stats'>;
    each(event.topic, (h) => h.onStats?.(event));
  });
  stream.addEventListener('changed', (e) => {
    const event = JSON.parse(e.data) as LiveEvent<'changed'>;
    each(event.topic, (h) => h.onChanged?.());
  });
  stream.onerror = () => {
    stream.close();
    if (source !== stream) return;
    source = undefined;
    retry();
  };
}

function retry(): void {
  openTopics = '';
  schedule(retryMs);
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}
