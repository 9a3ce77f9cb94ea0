import type { MailType } from '@portal/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailTemplates } from '../../db/schema/index.ts';

const summary = {
  id: mailTemplates.id,
  type: mailTemplates.type,
  name: mailTemplates.name,
  description: mailTemplates.description,
  builtin: mailTemplates.builtin,
  updatedAt: mailTemplates.updatedAt,
};
const whole = {
  ...summary,
  subjectEn: mailTemplates.subjectEn,
  subjectRu: mailTemplates.subjectRu,
  bodyEn: mailTemplates.bodyEn,
  bodyRu: mailTemplates.bodyRu,
};

export type TemplateRow = Awaited<ReturnType<typeof templateById>>;

/** Every template: by type, the built-in one first, then by name. */
export const listTemplates = (db: Executor) =>
  db
    .select(summary)
    .from(mailTemplates)
    .orderBy(asc(mailTemplates.type), desc(mailTemplates.builtin), asc(mailTemplates.name), asc(mailTemplates.id));

export const templatesOfType = (db: Executor, type: MailType) =>
  db
    .select(whole)
    .from(mailTemplates)
    .where(eq(mailTemplates.type, type))
    .orderBy(desc(mailTemplates.builtin), asc(mailTemplates.name), asc(mailTemplates.id));

/** One template, locked when `forUpdate` (an edit or a delete reads it first). */
export async function templateById(db: Executor, id: number, forUpdate = false) {
  const query = db.select(whole).from(mailTemplates).where(eq(mailTemplates.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export type TemplateValues = { name: string; description: string; subjectEn: string; subjectRu: string; bodyEn: string; bodyRu: string };

export async function insertTemplate(db: Executor, type: MailType, v: TemplateValues, now: Date) {
  const [row] = await db
    .insert(mailTemplates)
    .values({ type, ...v, updatedAt: now })
    .returning({ id: mailTemplates.id });
  return row!.id;
}

export const updateTemplate = (db: Executor, id: number, v: TemplateValues, now: Date) =>
  db
    .update(mailTemplates)
    .set({ ...v, updatedAt: now })
    .where(eq(mailTemplates.id, id));

export const deleteTemplate = (db: Executor, id: number) => db.delete(mailTemplates).where(eq(mailTemplates.id, id));

/** The built-in template of each type, by type. */
export async function builtinIds(db: Executor, types: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: mailTemplates.id, type: mailTemplates.type })
    .from(mailTemplates)
    .where(and(eq(mailTemplates.builtin, true), inArray(mailTemplates.type, types)));
  return new Map(rows.map((r) => [r.type, r.id]));
}

/** Whether a template exists and is of the type; it stays so until the caller's transaction ends (a delete waits). */
export async function isOfType(db: Executor, id: number, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailTemplates.id })
    .from(mailTemplates)
    .where(and(eq(mailTemplates.id, id), eq(mailTemplates.type, type)))
    .for('share');
  return Boolean(row);
}
