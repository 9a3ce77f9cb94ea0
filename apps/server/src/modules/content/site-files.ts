import type { User } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { writeLog } from '../action-log/action-log.ts';
import { type PdfFiles, uploadName } from './pdf-files.ts';

export type SiteFileSlot = (typeof siteFiles.slot.enumValues)[number];

/** The log action that records each slot's publication (both in the help's log). */
const ACTIONS = { userGuide: 'guide.uploaded', codex: 'codex.pdf_uploaded' } as const satisfies Record<SiteFileSlot, string>;

/** PDFs the association publishes one of each (the user instruction, the code of practice), in the file store. */
export class SiteFiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: PdfFiles,
  ) {}

  /** What is published in the slot, or null. */
  async info(slot: SiteFileSlot) {
    const [row] = await this.db.select().from(siteFiles).where(eq(siteFiles.slot, slot));
    return row ? { fileName: row.fileName, size: row.size, uploadedAt: row.uploadedAt.toISOString() } : null;
  }

  /** The slot's file, to send; 404 until one is published. */
  async file(slot: SiteFileSlot) {
    const [row] = await this.db.select().from(siteFiles).where(eq(siteFiles.slot, slot));
    if (!row) throw new AppError('NOT_FOUND');
    return { fileName: row.fileName, size: row.size, stream: await this.files.get(row.fileKey) };
  }

  /** Publishes a PDF in the slot, replacing the one before (whose file is removed once the change has committed). */
  async publish(slot: SiteFileSlot, actor: User, upload: UploadedFile | undefined, ip: string) {
    if (!upload) throw new AppError('VALIDATION', { fields: { file: 'validation.fileRequired' } });
    const key = await this.files.store(upload, 'site');
    const now = this.clock.now();
    const values = { fileName: uploadName(upload), size: upload.size, fileKey: key, uploadedAt: now, uploadedBy: actor.id };
    const before = await this.files.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const [old] = await tx.select().from(siteFiles).where(eq(siteFiles.slot, slot)).for('update');
        await tx
          .insert(siteFiles)
          .values({ slot, ...values })
          .onConflictDoUpdate({ target: siteFiles.slot, set: values });
        await writeLog(tx, now, {
          domain: 'help',
          action: ACTIONS[slot],
          entity: 'siteFile',
          actorId: actor.id,
          before: old ? { fileName: old.fileName, size: old.size } : null,
          after: { fileName: values.fileName, size: values.size },
          ip,
        });
        return old;
      }),
    );
    if (before) await this.files.forget(before.fileKey);
    return { fileName: values.fileName, size: values.size, uploadedAt: now.toISOString() };
  }
}
