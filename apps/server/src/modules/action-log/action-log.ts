import type { Executor } from '../../db/client.ts';
import { actionLog } from '../../db/schema/index.ts';

export interface LogEntry {
  /** Which log: users, vote, committee, security, … */
  domain: string;
  action: string;
  entity: string;
  entityId?: number | null;
  actorId?: number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Writes one entry; call it with the transaction of the change it records. */
export async function writeLog(tx: Executor, at: Date, entry: LogEntry): Promise<void> {
  await tx.insert(actionLog).values({
    at,
    domain: entry.domain,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    actorId: entry.actorId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
