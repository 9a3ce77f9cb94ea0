import type { Codex, codexBody, User } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { siteTexts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import type { SiteFiles } from './site-files.ts';

/** The association's code of practice: its text in both languages (staff keep it) and its PDF. */
export class CodexService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly siteFiles: SiteFiles,
  ) {}

  async get(): Promise<Codex> {
    const [[text], pdf] = await Promise.all([this.db.select().from(siteTexts).where(eq(siteTexts.slot, 'codex')), this.siteFiles.info('codex')]);
    return { textEn: text?.textEn ?? '', textRu: text?.textRu ?? '', updatedAt: text?.updatedAt.toISOString() ?? null, pdf };
  }

  async save(actor: User, input: z.output<typeof codexBody>, ip: string): Promise<Codex> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(siteTexts).where(eq(siteTexts.slot, 'codex')).for('update');
      const values = { ...input, updatedAt: now, updatedBy: actor.id };
      await tx
        .insert(siteTexts)
        .values({ slot: 'codex', ...values })
        .onConflictDoUpdate({ target: siteTexts.slot, set: values });
      await writeLog(tx, now, {
        domain: 'help',
        action: 'codex.updated',
        entity: 'codex',
        actorId: actor.id,
        before: before ? { textEn: before.textEn, textRu: before.textRu } : null,
        after: input,
        ip,
      });
    });
    return this.get();
  }
}
