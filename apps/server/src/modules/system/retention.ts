import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { scheduledRuns } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { purgeSentMail } from '../../mail/outbox.ts';
import { purgeSpentAccountData } from '../account/account.repository.ts';
import { DEVICE_LIFETIME_MS } from '../account/account.service.ts';
import { purgeLog } from '../action-log/action-log.repository.ts';
import { writeLog } from '../action-log/action-log.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The advisory lock the retention run holds, so that of several app servers one runs it while the others skip. */
const RETENTION_LOCK = 727276;

/** What a run purged; `sessions` counts unfinished two-factor sign-ins (login challenges) and passkey challenges too. */
export interface Purged {
  sessions: number;
  codes: number;
  devices: number;
  mail: number;
  securityLog: number;
}

/**
 * Personal data kept no longer than it is needed, once a day for the whole portal: ended sessions, used or expired
 * set-password links, spent recovery codes, browsers unused for longer than a device cookie lives, sent e-mail after MAIL_RETENTION_DAYS,
 * and the security log after SECURITY_LOG_RETENTION_DAYS. (Rate-limit events are dropped every hour by their own
 * pruner: a login flood fills that table by the minute.) Every app server asks each hour; the first to take the lock
 * on a day that has not been done runs it, in one transaction, and logs what it purged.
 */
export class Retention {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Runs when a day has passed since the last run; answers what was purged, or null when it was not due (or running elsewhere). */
  async runIfDue(): Promise<Purged | null> {
    return this.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ taken: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS taken`);
      if (!lock?.taken) return null;
      const now = this.clock.now();
      const [last] = await tx.select({ ranAt: scheduledRuns.ranAt }).from(scheduledRuns).where(eq(scheduledRuns.name, 'retention'));
      if (last && now.getTime() - last.ranAt.getTime() < DAY_MS) return null;
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const purged: Purged = {
        ...(await purgeSpentAccountData(tx, now, DEVICE_LIFETIME_MS)),
        mail: await purgeSentMail(tx, ago(this.config.retention.mailMs)),
        securityLog: await purgeLog(tx, 'security', ago(this.config.retention.securityLogMs)),
      };
      await tx
        .insert(scheduledRuns)
        .values({ name: 'retention', ranAt: now })
        .onConflictDoUpdate({ target: scheduledRuns.name, set: { ranAt: now } });
      await writeLog(tx, now, { domain: 'security', action: 'retention.purged', entity: 'portal', after: { ...purged } });
      return purged;
    });
  }
}
