import fs from 'node:fs';
import { fileName } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type FileStore, newKey } from '../../lib/file-store.ts';
import { isWholePdf } from '../../lib/pdf-check.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';

/**
 * The PDFs the association publishes, in the file store. A file goes to the store before its row is written and is
 * removed again if the row is not (`orForget`), so a refused or failed upload leaves neither; a replaced or deleted
 * file is removed once the change has committed (`forget`).
 */
export class PdfFiles {
  constructor(
    private readonly files: FileStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Checks the upload (its name, and a whole PDF) and puts it in the store under a new key of the area. */
  async store(upload: UploadedFile, area: string): Promise<string> {
    uploadName(upload);
    if (!(await isWholePdf(upload.path))) throw new AppError('VALIDATION', { fields: { file: 'validation.notPdf' } });
    const key = newKey(area);
    await this.files.put(key, fs.createReadStream(upload.path));
    return key;
  }

  /** Runs the write; if it fails, the file just stored under `key` goes too. */
  async orForget<T>(key: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (key) await this.forget(key);
      throw err;
    }
  }

  /** Removes a file no row points at; a failure only leaves an orphan behind, so it is logged, not thrown. */
  async forget(key: string): Promise<void> {
    await this.files.delete(key).catch((err: unknown) => this.log.warn({ err, key }, 'removing a stored file failed'));
  }

  get = (key: string) => this.files.get(key);
}

/** The upload's own name, held to the rules of a file name typed by hand. */
export function uploadName(upload: UploadedFile): string {
  const parsed = fileName.safeParse(upload.filename);
  if (!parsed.success) throw new AppError('VALIDATION', { fields: { file: 'validation.fileName' } });
  return parsed.data;
}
