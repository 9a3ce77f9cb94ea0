import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The form field's name; `file` unless given. */
  field?: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MultipartPayload {
  headers: Record<string, string>;
  payload: Buffer;
}

/** A multipart/form-data body (text fields, then at most one file) for app.inject: its headers with the boundary and the bytes. */
export function multipartPayload(fields: Record<string, string>, file?: MultipartFile): MultipartPayload {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    parts.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) }, payload };
}
