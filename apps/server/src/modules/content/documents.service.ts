import type { DocumentItem, docFields, docsQuery, Role, User } from '@portal/shared';
import { and, arrayContains, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Db, type Executor } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { writeLog } from '../action-log/action-log.ts';
import { type PdfFiles, uploadName } from './pdf-files.ts';

const LOG = 'documents';
type Row = typeof documents.$inferSelect;
type Fields = z.output<typeof docFields>;

const toItem = (r: Row): DocumentItem => ({
  id: r.id,
  titleEn: r.titleEn,
  titleRu: r.titleRu,
  category: r.category,
  roles: r.roles as Role[],
  fileName: r.fileName,
  size: r.size,
  uploadedAt: r.uploadedAt.toISOString(),
});
const logged = (r: Row) => ({ titleEn: r.titleEn, titleRu: r.titleRu, category: r.category, roles: r.roles, fileName: r.fileName });

/** Is the document meant for this role? Admin sees every document. */
const meantFor = (role: Role): SQL | undefined => (role === 'admin' ? undefined : arrayContains(documents.roles, [role]));

/** Documents: each for the roles it names; a PDF each in the file store (see PdfFiles). */
export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: PdfFiles,
  ) {}

  async list(user: User, f: z.output<typeof docsQuery>): Promise<{ rows: DocumentItem[]; total: number }> {
    const where: (SQL | undefined)[] = [meantFor(user.role)];
    if (f.category) where.push(eq(documents.category, f.category));
    if (f.search) {
      const like = containsPattern(f.search);
      where.push(or(ilike(documents.titleEn, like), ilike(documents.titleRu, like), ilike(documents.fileName, like)));
    }
    const direction = f.order === 'asc' ? asc : desc;
    const sort = f.sort === 'title' ? (user.locale === 'ru' ? documents.titleRu : documents.titleEn) : documents.uploadedAt;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(documents)
        .where(and(...where))
        .orderBy(direction(sort), direction(documents.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize),
      this.db
        .select({ n: count() })
        .from(documents)
        .where(and(...where)),
    ]);
    return { rows: rows.map(toItem), total: counted?.n ?? 0 };
  }

  /** A document's file, for a caller it is meant for: 404 if there is none, 403 if it is not meant for their role. */
  async file(user: User, id: number) {
    const row = await this.find(this.db, id);
    if (user.role !== 'admin' && !row.roles.includes(user.role)) throw new AppError('FORBIDDEN');
    return { fileName: row.fileName, size: row.size, stream: await this.files.get(row.fileKey) };
  }

  async create(actor: User, fields: Fields, upload: UploadedFile | undefined, ip: string): Promise<DocumentItem> {
    if (!upload) throw new AppError('VALIDATION', { fields: { file: 'validation.fileRequired' } });
    const key = await this.files.store(upload, 'document');
    return this.files.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const [row] = await tx
          .insert(documents)
          .values({ ...fields, fileName: uploadName(upload), size: upload.size, fileKey: key, uploadedAt: now, uploadedBy: actor.id })
          .returning();
        await writeLog(tx, now, {
          domain: LOG,
          action: 'document.created',
          entity: 'document',
          entityId: row!.id,
          actorId: actor.id,
          after: logged(row!),
          ip,
        });
        return toItem(row!);
      }),
    );
  }

  async update(actor: User, id: number, fields: Fields, upload: UploadedFile | undefined, ip: string): Promise<DocumentItem> {
    await this.find(this.db, id);
    const key = upload ? await this.files.store(upload, 'document') : undefined;
    const { before, after } = await this.files.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const before = await this.find(tx, id, true);
        const file = upload && key ? { fileName: uploadName(upload), size: upload.size, fileKey: key } : {};
        const [after] = await tx
          .update(documents)
          .set({ ...fields, ...file })
          .where(eq(documents.id, id))
          .returning();
        await writeLog(tx, this.clock.now(), {
          domain: LOG,
          action: 'document.updated',
          entity: 'document',
          entityId: id,
          actorId: actor.id,
          before: logged(before),
          after: logged(after!),
          ip,
        });
        return { before, after: after! };
      }),
    );
    if (key) await this.files.forget(before.fileKey);
    return toItem(after);
  }

  async remove(actor: User, id: number, ip: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const row = await this.find(tx, id, true);
      await tx.delete(documents).where(eq(documents.id, id));
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'document.deleted',
        entity: 'document',
        entityId: id,
        actorId: actor.id,
        before: logged(row),
        ip,
      });
      return row;
    });
    await this.files.forget(removed.fileKey);
  }

  private async find(db: Executor, id: number, lock = false): Promise<Row> {
    const query = db.select().from(documents).where(eq(documents.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
