import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { TEMPLATE_IMAGE_MAX_BYTES } from '@portal/shared';
import { AppError } from '../../lib/app-error.ts';
import { type FileStore, newKey } from '../../lib/file-store.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';

const AREA = 'mail-image';

/** The image types a template may show, told by their first bytes (never by the name or the type the client claims). */
const SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/**
 * Images put into template bodies: stored in the file store and served without login (mail clients fetch them),
 * under a random name, with their type fixed by their content and a year's cache (a name never changes content).
 */
export class TemplateImages {
  constructor(
    private readonly files: FileStore,
    private readonly publicUrl: string,
  ) {}

  async add(upload: UploadedFile | undefined): Promise<{ url: string }> {
    if (!upload) throw new AppError('VALIDATION', { fields: { image: 'validation.required' } });
    if (upload.size > TEMPLATE_IMAGE_MAX_BYTES) throw new AppError('VALIDATION', { fields: { image: 'validation.imageTooLarge' } });
    const head = Buffer.alloc(12);
    const handle = await fsp.open(upload.path, 'r');
    try {
      await handle.read(head, 0, 12, 0);
    } finally {
      await handle.close();
    }
    const kind = SIGNATURES.find((s) => s.test(head));
    if (!kind) throw new AppError('VALIDATION', { fields: { image: 'validation.notImage' } });
    const key = newKey(AREA);
    await this.files.put(key, fs.createReadStream(upload.path));
    return { url: `${this.publicUrl}/api/mail/image?name=${key.slice(AREA.length + 1)}.${kind.ext}` };
  }

  /** An image by its name in the address (`<id>.<ext>`, checked by the contract). */
  async get(name: string): Promise<{ type: string; stream: Readable }> {
    const [id, ext] = name.split('.');
    const kind = SIGNATURES.find((s) => s.ext === ext);
    if (!kind) throw new AppError('NOT_FOUND');
    return { type: kind.type, stream: await this.files.get(`${AREA}/${id}`) };
  }
}
