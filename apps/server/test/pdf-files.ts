import PDFDocument from 'pdfkit';

/** A real one-page PDF, as a publisher's tool would make it. */
export function samplePdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

/**
 * A well-formed PDF of exactly `size` bytes (one empty page and a comment stream padding it out): the cross-reference
 * table's offsets are computed, so a reader opens it.
 */
export function pdfOfSize(size: number): Buffer {
  const head = '%PDF-1.4\n';
  const objects = (padding: number) => [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>\nendobj\n',
    `4 0 obj\n<< /Length ${padding} >>\nstream\n${' '.repeat(padding)}\nendstream\nendobj\n`,
  ];
  const build = (padding: number) => {
    let body = head;
    const offsets: number[] = [];
    for (const o of objects(padding)) {
      offsets.push(body.length);
      body += o;
    }
    const xref = body.length;
    body += `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return body;
  };
  // The padding's own digits change the length: settle it in two rounds.
  let padding = size - build(0).length;
  padding += size - build(padding).length;
  const pdf = Buffer.from(build(padding), 'latin1');
  if (pdf.length !== size) throw new Error(`pdfOfSize made ${pdf.length} bytes, not ${size}`);
  return pdf;
}
