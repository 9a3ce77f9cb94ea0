import type { LogAction, User } from '@portal/shared';
import type { Executor } from '../../db/client.ts';
import { actionLog } from '../../db/schema/index.ts';

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

/** Writes one entry, or several at once; call it with the transaction of the change it records. */
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
}
