import fs from 'node:fs/promises';

const TAIL_BYTES = 2048;
const OBJECT_HEAD_BYTES = 64;

/**
 * Whether a file is a whole PDF, read from its two ends (a 10 MB file is never held in memory): it starts with the
 * PDF header at its first byte (a reader would accept it anywhere in the first kilobyte, which is what polyglots
 * use), ends with %%EOF (a truncated file does not), and its last `startxref` points inside the file at a
 * cross-reference table or stream, where a reader starts. A renamed text file, an image, a cut-off download or a
 * file with something appended after its end all fail.
 */
export async function isWholePdf(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < 64) return false;
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead).toString('latin1');
    };
    if (!/^%PDF-[12]\.\d/.test(await read(0, 8))) return false;
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = await read(tailStart, size - tailStart);
    const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!end) return false;
    const xref = Number(end[1]);
    if (!Number.isSafeInteger(xref) || xref < 8 || xref >= size) return false;
    const at = await read(xref, OBJECT_HEAD_BYTES);
    return /^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(at);
  } finally {
    await handle.close();
  }
}
