import type { HelpItem, HelpPage, helpItemBody, User } from '@portal/shared';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { helpItems, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import type { SiteFiles } from './site-files.ts';

const LOG = 'help';
type ItemRow = typeof helpItems.$inferSelect;
const toItem = ({ updatedAt: _, ...item }: ItemRow): HelpItem => item;
const logged = (r: ItemRow) => ({ questionEn: r.questionEn, questionRu: r.questionRu, answerEn: r.answerEn, answerRu: r.answerRu });

/** The help page: questions and answers staff keep in both languages, the user instruction, the association's contacts. */
export class HelpService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly siteFiles: SiteFiles,
  ) {}

  async page(): Promise<HelpPage> {
    const [items, guide, contacts] = await Promise.all([
      this.items(this.db),
      this.siteFiles.info('userGuide'),
      this.db
        .select({ name: users.name, surname: users.surname, position: users.position, email: users.email, phone: users.phone })
        .from(users)
        .where(and(eq(users.role, 'staff'), eq(users.isActive, true)))
        .orderBy(asc(users.surname), asc(users.name)),
    ]);
    return { items, guide, contacts };
  }

  /** Adds a question at the end (no id) or edits one. */
  async save(actor: User, input: z.output<typeof helpItemBody>, ip: string): Promise<HelpItem> {
    const { id, ...fields } = input;
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (id === undefined) {
        // One add at a time, so two staff adding at once never share a place.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
        const [last] = await tx.select({ n: sql<number>`coalesce(max(${helpItems.position}), 0)`.mapWith(Number) }).from(helpItems);
        const [row] = await tx
          .insert(helpItems)
          .values({ ...fields, position: (last?.n ?? 0) + 1, updatedAt: now })
          .returning();
        await writeLog(tx, now, {
          domain: LOG,
          action: 'help.created',
          entity: 'helpItem',
          entityId: row!.id,
          actorId: actor.id,
          after: logged(row!),
          ip,
        });
        return toItem(row!);
      }
      const before = await this.find(tx, id);
      const [row] = await tx
        .update(helpItems)
        .set({ ...fields, updatedAt: now })
        .where(eq(helpItems.id, id))
        .returning();
      await writeLog(tx, now, {
        domain: LOG,
        action: 'help.updated',
        entity: 'helpItem',
        entityId: id,
        actorId: actor.id,
        before: logged(before),
        after: logged(row!),
        ip,
      });
      return toItem(row!);
    });
  }

  /** Swaps a question with its neighbour above or below; answers the list in its new order. */
  async move(actor: User, id: number, direction: 'up' | 'down', ip: string): Promise<HelpItem[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
      const item = await this.find(tx, id);
      const [neighbour] = await tx
        .select()
        .from(helpItems)
        .where(direction === 'up' ? lt(helpItems.position, item.position) : gt(helpItems.position, item.position))
        .orderBy(direction === 'up' ? sql`${helpItems.position} DESC` : asc(helpItems.position))
        .limit(1);
      if (!neighbour) return this.items(tx);
      await tx.update(helpItems).set({ position: neighbour.position }).where(eq(helpItems.id, item.id));
      await tx.update(helpItems).set({ position: item.position }).where(eq(helpItems.id, neighbour.id));
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'help.moved',
        entity: 'helpItem',
        entityId: id,
        actorId: actor.id,
        before: { position: item.position },
        after: { position: neighbour.position },
        ip,
      });
      return this.items(tx);
    });
  }

  async remove(actor: User, id: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
      const item = await this.find(tx, id);
      await tx.delete(helpItems).where(eq(helpItems.id, id));
      // The places stay 1, 2, 3 … with no gap.
      await tx
        .update(helpItems)
        .set({ position: sql`${helpItems.position} - 1` })
        .where(gt(helpItems.position, item.position));
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'help.deleted',
        entity: 'helpItem',
        entityId: id,
        actorId: actor.id,
        before: logged(item),
        ip,
      });
    });
  }

  private items(db: Executor): Promise<HelpItem[]> {
    return db
      .select()
      .from(helpItems)
      .orderBy(asc(helpItems.position), asc(helpItems.id))
      .then((rows) => rows.map(toItem));
  }

  private async find(db: Executor, id: number): Promise<ItemRow> {
    const [row] = await db.select().from(helpItems).where(eq(helpItems.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
