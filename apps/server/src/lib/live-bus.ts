import type { LiveTopic } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Executor, sql } from '../db/client.ts';

/** The one NOTIFY channel of the portal; its payloads are live topics. */
const CHANNEL = 'portal_live';

/** Notices of one topic within this time go as one: a room voting at once is a few notices a second, not hundreds. */
const COALESCE_MS = 50;

/** What a module needs to say that something changed (after its transaction committed). */
export interface LiveNotifier {
  publish(topic: LiveTopic): void;
}

/** Whoever follows the notices of every app server (the live streams of this one). */
export interface LiveListener {
  notice(topic: string): void;
  /** The notices may have missed some (the listening connection was lost): whatever is followed should be read again. */
  resync(): void;
}

/**
 * Says to every app server that something changed, through PostgreSQL's LISTEN/NOTIFY (PGlite has it too): one
 * listening connection per server, whatever the number of browsers. Notices of a topic published close together are
 * sent once.
 */
export class LiveBus implements LiveNotifier {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly listeners = new Set<LiveListener>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (topic) => {
        for (const l of this.listeners) l.notice(topic);
      },
      () => {
        for (const l of this.listeners) l.resync();
      },
    );
  }

  follow(listener: LiveListener): void {
    this.listeners.add(listener);
  }

  publish(topic: LiveTopic): void {
    this.pending.add(topic);
    this.timer ??= setTimeout(() => void this.flush(), COALESCE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const topics = [...this.pending];
    this.pending.clear();
    if (!topics.length) return;
    try {
      await notifyOnCommit(this.database.db, ...(topics as LiveTopic[]));
    } catch (err) {
      // A notice lost with the database: the browsers catch up when their stream opens again.
      this.log.warn({ err }, 'live notice failed');
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
    await this.unlisten?.();
  }
}

/**
 * Says that something changed, in one statement: within a transaction the notices go when, and only if, it commits
 * (PostgreSQL sends each topic once); outside one, at once. Topics are plain words, so they make a text[] literal as they are.
 */
export async function notifyOnCommit(tx: Executor, ...topics: LiveTopic[]): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, t) FROM unnest(${`{${topics.join(',')}}`}::text[]) AS t`);
}
