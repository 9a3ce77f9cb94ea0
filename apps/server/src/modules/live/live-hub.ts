import type { LiveEvent, LiveEventName } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveListener } from '../../lib/live-bus.ts';

/** One browser's open stream. */
export interface LiveStream {
  readonly topics: readonly string[];
  send<N extends LiveEventName>(event: N, data: LiveEvent<N>): void;
  close(): void;
}

/** What a topic's followers get when it changes: its new state (a voting's results) or that it changed. */
export type LivePayload = { event: 'stats'; data: LiveEvent<'stats'> } | { event: 'changed'; data: LiveEvent<'changed'> };

/**
 * This server's open streams by topic. A notice of a topic someone here follows is turned into its event once (a
 * voting's results read once, however many browsers watch), and notices arriving while it is read make one more
 * reading after it, so the last change always arrives and a busy voting costs at most one reading at a time.
 */
export class LiveHub implements LiveListener {
  private readonly followers = new Map<string, Set<LiveStream>>();
  /** Topics being read; true when another notice arrived meanwhile. */
  private readonly reading = new Map<string, boolean>();

  constructor(
    private readonly payloadOf: (topic: string) => Promise<LivePayload>,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(stream: LiveStream): void {
    for (const topic of stream.topics) {
      const set = this.followers.get(topic) ?? new Set();
      set.add(stream);
      this.followers.set(topic, set);
    }
    stream.send('ready', {});
  }

  remove(stream: LiveStream): void {
    for (const topic of stream.topics) {
      const set = this.followers.get(topic);
      set?.delete(stream);
      if (set?.size === 0) this.followers.delete(topic);
    }
  }

  notice(topic: string): void {
    if (!this.followers.has(topic)) return;
    if (this.reading.has(topic)) {
      this.reading.set(topic, true);
      return;
    }
    this.reading.set(topic, false);
    void this.deliver(topic);
  }

  private async deliver(topic: string): Promise<void> {
    try {
      const payload = await this.payloadOf(topic);
      for (const stream of this.followers.get(topic) ?? []) stream.send(payload.event, payload.data as never);
    } catch (err) {
      this.log.warn({ err, topic }, 'live event failed');
    }
    const again = this.reading.get(topic);
    this.reading.delete(topic);
    if (again) this.notice(topic);
  }

  /** Every stream reads its pages again (notices may have been missed). */
  resync(): void {
    for (const stream of this.streams()) stream.send('ready', {});
  }

  /** Ends every stream (the server drains): the browsers reconnect, through the balancer, to another server. */
  closeAll(): void {
    for (const stream of this.streams()) stream.close();
    this.followers.clear();
  }

  private streams(): Set<LiveStream> {
    return new Set([...this.followers.values()].flatMap((s) => [...s]));
  }
}
