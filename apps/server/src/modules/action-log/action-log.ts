import { type LiveTopic, type LogAction, liveTopic, type User } from '@portal/shared';
import type { Executor } from '../../db/client.ts';
import { actionLog } from '../../db/schema/index.ts';
import { notifyOnCommit } from '../../lib/live-bus.ts';

export interface LogEntry {
  /** Which log: users, vote, committee, security, … */
  domain: string;
  action: LogAction;
  entity: string;
  entityId?: number | null;
  actorId?: number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Who makes a change: the signed-in person and the address they came from. */
export type Actor = { user: User; ip: string };

/** An entry's author fields, from whoever makes the change. */
export const authorOf = (actor: Actor) => ({ actorId: actor.user.id, ip: actor.ip });

/** The logs whose changes the staff's overview counts (with the people, companies and requests they record). */
const OVERVIEW_LOGS = new Set(['users', 'committee']);

/** Whether a change to these logs changes what the staff's overview counts. */
export const countedByOverview = (domains: readonly string[]) => domains.some((d) => OVERVIEW_LOGS.has(d));

/**
 * The live pages a logged change concerns: the overview for what it counts; a voting's results page and the voters'
 * pages for every change to a voting (a move, an edit, publishing, a ballot recorded or moderated by staff).
 */
function liveTopicsOf(entries: LogEntry[]): LiveTopic[] {
  const topics = new Set<LiveTopic>();
  if (countedByOverview(entries.map((e) => e.domain))) topics.add(liveTopic.dashboard);
  for (const e of entries) {
    if (e.domain === 'vote' && e.entity === 'voting' && e.entityId) topics.add(liveTopic.voting(e.entityId)).add(liveTopic.votings);
  }
  return [...topics];
}

/**
 * Writes one entry, or several at once; call it with the transaction of the change it records. The live pages the
 * change concerns are told when it commits.
 */
export async function writeLog(tx: Executor, at: Date, entry: LogEntry | LogEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (!entries.length) return;
  await tx.insert(actionLog).values(
    entries.map((e) => ({
      at,
      domain: e.domain,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId ?? null,
      actorId: e.actorId ?? null,
      before: e.before ?? null,
      after: e.after ?? null,
      ip: e.ip ?? null,
    })),
  );
  const topics = liveTopicsOf(entries);
  if (topics.length) await notifyOnCommit(tx, ...topics);
}
