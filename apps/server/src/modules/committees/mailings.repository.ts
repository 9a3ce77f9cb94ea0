import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { type Executor, totalOf, withTotal } from '../../db/client.ts';
import { committeeMailingRecipients, committeeMailings, committees, users } from '../../db/schema/index.ts';

export type MailingValues = Omit<typeof committeeMailings.$inferInsert, 'id'>;

export async function insertMailing(tx: Executor, v: MailingValues): Promise<number> {
  const [row] = await tx.insert(committeeMailings).values(v).returning({ id: committeeMailings.id });
  return row!.id;
}

const CHUNK = 1000;
export async function insertRecipients(tx: Executor, mailingId: number, rows: { userId: number; tokenHash: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx.insert(committeeMailingRecipients).values(rows.slice(i, i + CHUNK).map((r) => ({ mailingId, ...r })));
}

const columns = {
  id: committeeMailings.id,
  committeeId: committeeMailings.committeeId,
  subjectEn: committeeMailings.subjectEn,
  subjectRu: committeeMailings.subjectRu,
  bodyEn: committeeMailings.bodyEn,
  bodyRu: committeeMailings.bodyRu,
  recipients: committeeMailings.recipients,
  createdAt: committeeMailings.createdAt,
  authorName: users.name,
  authorSurname: users.surname,
};

/** A committee's mailings, newest first. */
export async function mailingsPage(db: Executor, committeeId: number, page: number, pageSize: number) {
  const where = eq(committeeMailings.committeeId, committeeId);
  const counted = db.select({ n: count() }).from(committeeMailings).where(where);
  return withTotal(
    db
      .select({ ...columns, total: totalOf(counted) })
      .from(committeeMailings)
      .leftJoin(users, eq(users.id, committeeMailings.authorId))
      .where(where)
      .orderBy(desc(committeeMailings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    counted,
  );
}

export async function mailingById(db: Executor, id: number) {
  const [row] = await db
    .select(columns)
    .from(committeeMailings)
    .leftJoin(users, eq(users.id, committeeMailings.authorId))
    .where(eq(committeeMailings.id, id));
  return row;
}

/** A recipient by their link's token (its hash), with the committee and the address; locked when `forUpdate`. */
export async function recipientByToken(db: Executor, tokenHash: string, forUpdate = false) {
  const query = db
    .select({
      mailingId: committeeMailingRecipients.mailingId,
      userId: committeeMailingRecipients.userId,
      unsubscribedAt: committeeMailingRecipients.unsubscribedAt,
      email: users.email,
      committee: { id: committees.id, parentId: committees.parentId, nameEn: committees.nameEn, nameRu: committees.nameRu },
    })
    .from(committeeMailingRecipients)
    .innerJoin(committeeMailings, eq(committeeMailings.id, committeeMailingRecipients.mailingId))
    .innerJoin(committees, eq(committees.id, committeeMailings.committeeId))
    .innerJoin(users, eq(users.id, committeeMailingRecipients.userId))
    .where(eq(committeeMailingRecipients.tokenHash, tokenHash));
  const [row] = await (forUpdate ? query.for('update', { of: committeeMailingRecipients }) : query);
  return row;
}

/** Marks the link used; answers whether it was unused until now. */
export async function useToken(tx: Executor, mailingId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(committeeMailingRecipients)
    .set({ unsubscribedAt: now })
    .where(
      and(
        eq(committeeMailingRecipients.mailingId, mailingId),
        eq(committeeMailingRecipients.userId, userId),
        isNull(committeeMailingRecipients.unsubscribedAt),
      ),
    )
    .returning({ userId: committeeMailingRecipients.userId });
  return rows.length > 0;
}
