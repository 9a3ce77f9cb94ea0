import type { AreaChange, AreaPerson, areasListBody, User } from '@portal/shared';
import { type AccessArea, effectiveAreas } from '@portal/shared/survey-model';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { userAreaAccess } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { areaHolders, areaHoldersIn, clearOverrides, listAreaPeople, overridesOf, setOverrides } from './areas.repository.ts';

/**
 * Which survey and report areas a person holds (design §1.6). Staff and admin reach every company's survey through
 * their role; company people through their areas, for their own company only. An admin's word on a person's area is
 * kept only where it differs from the role's default, so a role's default reaches everyone not set apart.
 */
export class AreasService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async areasOf(user: Pick<User, 'id' | 'role'>, tx: Executor = this.db): Promise<AccessArea[]> {
    const rows = await tx
      .select({ area: userAreaAccess.area, granted: userAreaAccess.granted })
      .from(userAreaAccess)
      .where(eq(userAreaAccess.userId, user.id));
    return effectiveAreas(user.role, rows);
  }

  async hasArea(user: Pick<User, 'id' | 'role'>, area: AccessArea, tx: Executor = this.db): Promise<boolean> {
    return (await this.areasOf(user, tx)).includes(area);
  }

  /** Refuses (403 FORBIDDEN) a company person without the area; staff and admin pass. */
  async requireArea(user: Pick<User, 'id' | 'role'>, area: AccessArea, tx: Executor = this.db): Promise<void> {
    if (user.role === 'staff' || user.role === 'admin') return;
    if (!(await this.hasArea(user, area, tx))) throw new AppError('FORBIDDEN');
  }

  /** The company people who hold an area, of the companies and the persons named (whom a published report concerns). */
  holdersIn(tx: Executor, area: AccessArea, who: { companyIds: number[]; userIds: number[] }) {
    return areaHoldersIn(tx, area, who);
  }

  list(filters: z.output<typeof areasListBody>): Promise<{ rows: AreaPerson[]; total: number }> {
    return listAreaPeople(this.db, filters);
  }

  /**
   * Applies every change or none: a person who is not an active member company's employee names its row and refuses
   * the whole save ("Couldn't change access rights."). A change to what the role gives anyway clears the admin's word.
   */
  async update(actor: Actor, changes: AreaChange[]): Promise<{ changed: number }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const people = await areaHolders(tx, [...new Set(changes.map((c) => c.userId))]);
      const fields: Record<string, string> = {};
      changes.forEach((c, i) => {
        if (!people.has(c.userId)) fields[`changes.${i}.userId`] = 'validation.areaPerson';
      });
      if (Object.keys(fields).length) throw new AppError('ACCESS_RIGHTS_FAILED', { fields });

      // The last word on a cell wins when a bulk change names it twice.
      const last = new Map(changes.map((c) => [`${c.userId}:${c.area}`, c]));
      const before = await overridesOf(tx, [...people.keys()]);
      const was = new Map(before.map((o) => [`${o.userId}:${o.area}`, o.granted]));
      const set: { userId: number; area: AccessArea; granted: boolean }[] = [];
      const clear: { userId: number; area: AccessArea }[] = [];
      const log: { userId: number; area: AccessArea; from: boolean; to: boolean }[] = [];
      for (const [key, c] of last) {
        const role = people.get(c.userId)?.role ?? '';
        const byRole = effectiveAreas(role, []).includes(c.area);
        const from = was.get(key) ?? byRole;
        const to = c.granted ?? byRole;
        if (to === byRole) {
          if (was.has(key)) clear.push(c);
        } else if (was.get(key) !== to) set.push({ userId: c.userId, area: c.area, granted: to });
        if (from !== to) log.push({ userId: c.userId, area: c.area, from, to });
      }
      await clearOverrides(tx, clear);
      await setOverrides(tx, set, actor.user.id, now);
      await writeLog(
        tx,
        now,
        log.map((l) => ({
          domain: 'survey',
          action: 'areas.updated' as const,
          entity: 'user',
          entityId: l.userId,
          before: { email: people.get(l.userId)?.email, area: l.area, granted: l.from },
          after: { email: people.get(l.userId)?.email, area: l.area, granted: l.to },
          ...authorOf(actor),
        })),
      );
      return { changed: log.length };
    });
  }
}
