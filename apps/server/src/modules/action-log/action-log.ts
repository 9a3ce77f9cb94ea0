import type { LogAction } from '@portal/shared';
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
