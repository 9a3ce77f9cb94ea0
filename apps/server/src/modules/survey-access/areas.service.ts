import type { User } from '@portal/shared';
import { type AccessArea, effectiveAreas } from '@portal/shared/survey-model';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userAreaAccess } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Which survey and report areas a person holds (design §1.6). Staff and admin reach every company's survey through
 * their role; company people through their areas, for their own company only.
 */
export class AreasService {
  constructor(private readonly db: Executor) {}

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
}
