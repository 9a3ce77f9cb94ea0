import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { committeeMailSettings } from '../../db/schema/index.ts';

export async function readSettings(db: Executor) {
  const [row] = await db.select().from(committeeMailSettings).where(eq(committeeMailSettings.id, 1));
  return row;
}

export async function saveSettings(tx: Executor, senderName: string, templates: Record<string, number>, now: Date): Promise<void> {
  await tx
    .insert(committeeMailSettings)
    .values({ id: 1, senderName, templates, updatedAt: now })
    .onConflictDoUpdate({ target: committeeMailSettings.id, set: { senderName, templates, updatedAt: now } });
}

/** Whether the settings choose the template for some event. */
export async function chooses(tx: Executor, templateId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(committeeMailSettings)
    .where(sql`EXISTS (SELECT 1 FROM jsonb_each_text(${committeeMailSettings.templates}) t WHERE t.value = ${String(templateId)})`);
  return Boolean(row);
}
