// No zod here: the app's frame follows topics before it loads any schema.
import type { Role } from '../roles.ts';

/**
 * What a browser may follow live (Server-Sent Events, `GET /api/live`):
 * - `voting:<id>`: one voting's results as staff see them (every vote cast, every move);
 * - `votings`: that some voting changed for its voters (a status move, results published or withdrawn, a response moderated);
 * - `dashboard`: that the staff's overview counts changed.
 */
export type LiveTopic = `voting:${number}` | 'votings' | 'dashboard';

/** A voting's topic (its id as the server writes it). */
export const VOTING_TOPIC = /^voting:([1-9]\d{0,9})$/;

export const liveTopic = {
  voting: (id: number): LiveTopic => `voting:${id}`,
  votings: 'votings' as const,
  dashboard: 'dashboard' as const,
};

/** The voting a `voting:<id>` topic names, else null. */
export function votingOfTopic(topic: string): number | null {
  const m = VOTING_TOPIC.exec(topic);
  return m ? Number(m[1]) : null;
}

/** Who may follow a topic: a voting's results and the overview are the staff's; what changed for voters, everyone's. */
export function mayFollow(role: Role, topic: string): boolean {
  if (topic === 'votings') return true;
  if (topic === 'dashboard' || votingOfTopic(topic) !== null) return role === 'staff' || role === 'admin';
  return false;
}

/** At most this many topics per stream (a page follows one or two). */
export const LIVE_MAX_TOPICS = 8;
