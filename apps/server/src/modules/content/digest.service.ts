import { type Digest, type digestListQuery, ROLE_PREFIX, type User } from '@portal/shared';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, type Db, type Executor } from '../../db/client.ts';
import { companies, digests, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { writeLog } from '../action-log/action-log.ts';
import { type PdfFiles, uploadName } from './pdf-files.ts';

const LOG = 'digest';
type Row = typeof digests.$inferSelect;
type Filters = z.output<typeof digestListQuery>;

const toDigest = (r: Row): Digest => ({ id: r.id, fileName: r.fileName, size: r.size, uploadedAt: r.uploadedAt.toISOString() });
/** What the log keeps of an issue. */
const logged = (r: Row) => ({ fileName: r.fileName, size: r.size });

const uploadYear = sql<number>`extract(year FROM ${digests.uploadedAt} AT TIME ZONE 'UTC')::int`;
const SORTS = { uploadedAt: digests.uploadedAt, fileName: digests.fileName, size: digests.size } as const;

/** The media digest: PDFs in the file store (see PdfFiles), a row each. */
export class DigestService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: PdfFiles,
    private readonly publicUrl: string,
  ) {}

  async list(f: Filters): Promise<{ rows: Digest[]; total: number; years: number[] }> {
    const where: (SQL | undefined)[] = [];
    if (f.search) where.push(ilike(digests.fileName, containsPattern(f.search)));
    if (f.year) where.push(sql`${uploadYear} = ${f.year}`);
    const sort = SORTS[f.sort ?? 'uploadedAt'];
    const direction = f.order === 'asc' ? asc : desc;
    const [rows, [counted], years] = await Promise.all([
      this.db
        .select()
        .from(digests)
        .where(and(...where))
        .orderBy(direction(sort), direction(digests.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize),
      this.db
        .select({ n: count() })
        .from(digests)
        .where(and(...where)),
      this.db.selectDistinct({ year: uploadYear }).from(digests).orderBy(desc(uploadYear)),
    ]);
    return { rows: rows.map(toDigest), total: counted?.n ?? 0, years: years.map((y) => Number(y.year)) };
  }

  /** An issue's stored file, to send. */
  async file(id: number) {
    const row = await this.find(this.db, id);
    return { fileName: row.fileName, size: row.size, stream: await this.files.get(row.fileKey) };
  }

  async create(actor: User, upload: UploadedFile | undefined, name: string | undefined, ip: string): Promise<Digest> {
    if (!upload) throw new AppError('VALIDATION', { fields: { file: 'validation.fileRequired' } });
    const key = await this.files.store(upload, 'digest');
    return this.files.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(digests)
          .values({ fileName: name ?? uploadName(upload), size: upload.size, fileKey: key, uploadedAt: this.clock.now(), uploadedBy: actor.id })
          .returning();
        await writeLog(tx, this.clock.now(), {
          domain: LOG,
          action: 'digest.created',
          entity: 'digest',
          entityId: row!.id,
          actorId: actor.id,
          after: logged(row!),
          ip,
        });
        await enqueueMail(tx, this.clock.now(), await this.announcements(tx, row!));
        return toDigest(row!);
      }),
    );
  }

  /** Renames an issue, replaces its file, or both; the upload date stays the issue's. */
  async update(actor: User, id: number, upload: UploadedFile | undefined, name: string | undefined, ip: string): Promise<Digest> {
    if (!upload && !name) throw new AppError('NOTHING_TO_SAVE');
    await this.find(this.db, id);
    const key = upload ? await this.files.store(upload, 'digest') : undefined;
    const { before, after } = await this.files.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const before = await this.find(tx, id, true);
        const changes = {
          fileName: name ?? (upload ? uploadName(upload) : before.fileName),
          ...(upload && key ? { size: upload.size, fileKey: key } : {}),
        };
        const [after] = await tx.update(digests).set(changes).where(eq(digests.id, id)).returning();
        await writeLog(tx, this.clock.now(), {
          domain: LOG,
          action: 'digest.updated',
          entity: 'digest',
          entityId: id,
          actorId: actor.id,
          before: logged(before),
          after: { ...logged(after!), ...(upload ? { fileReplaced: true } : {}) },
          ip,
        });
        return { before, after: after! };
      }),
    );
    if (key) await this.files.forget(before.fileKey);
    return toDigest(after);
  }

  async remove(actor: User, id: number, ip: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const row = await this.find(tx, id, true);
      await tx.delete(digests).where(eq(digests.id, id));
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'digest.deleted',
        entity: 'digest',
        entityId: id,
        actorId: actor.id,
        before: logged(row),
        ip,
      });
      return row;
    });
    await this.files.forget(removed.fileKey);
  }

  /** The new issue's e-mail to every subscriber who may sign in, with a link to the digest in their own area. */
  private async announcements(tx: Executor, issue: Row): Promise<OutgoingMail[]> {
    const subscribers = await tx
      .select({ email: users.email, name: users.name, locale: users.locale, role: users.role })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.digestSubscribed, true), eq(users.isActive, true), or(isNull(users.companyId), eq(companies.isActive, true))));
    return subscribers.map((s) => ({
      type: 'digestPublished',
      to: s.email,
      locale: s.locale,
      topic: `digest:${issue.id}`,
      params: { name: s.name, title: issue.fileName, link: `${this.publicUrl}${ROLE_PREFIX[s.role]}/digest` },
    }));
  }

  private async find(db: Executor, id: number, lock = false): Promise<Row> {
    const query = db.select().from(digests).where(eq(digests.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
