import { type LogEntry, liveTopic } from '@portal/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JsonText } from '../../lib/json-text.ts';
import { notifyOnCommit } from '../../lib/live-bus.ts';
import * as repo from './action-log.repository.ts';
import { countedByOverview } from './action-log.ts';

/**
 * One log as the screens read it (the users' log, the voting log, later the committees'): a page of its entries,
 * the count not yet viewed, and marking entries viewed. Every log's routes go through one of these.
 */
export class LogBook {
  constructor(
    private readonly db: Executor,
    private readonly domains: string[],
  ) {}

  list = (filters: repo.LogFilters): Promise<JsonText<{ rows: LogEntry[]; total: number }>> => repo.listLog(this.db, this.domains, filters);

  /** The entries of a page, for a download. */
  entries = (filters: repo.LogFilters): Promise<LogEntry[]> => repo.logEntries(this.db, this.domains, filters);

  countUnviewed = (): Promise<number> => repo.countUnviewed(this.db, this.domains);

  /** Marks one entry viewed (404 if it is not an entry of this log), or every entry when no id is given. */
  async markViewed(id?: number): Promise<void> {
    if (id !== undefined && !(await repo.logEntryExists(this.db, this.domains, id))) throw new AppError('NOT_FOUND');
    const marked = await repo.markViewed(this.db, this.domains, id);
    // The overview counts the unviewed entries.
    if (marked && countedByOverview(this.domains)) await notifyOnCommit(this.db, liveTopic.dashboard);
  }
}
