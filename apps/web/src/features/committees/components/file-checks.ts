import { LIMITS } from '@portal/shared';

/**
 * The browser's first look at a chosen file, so a wrong one is refused before it is sent; the server checks the content
 * again. Each answers a catalogue key ("namespace.key"), or undefined when the file may go.
 */
export function letterProblem(file: File): string | undefined {
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return 'committees.validation.letterNotPdf';
  if (file.size > LIMITS.letterMaxBytes) return 'validation.fileTooLarge';
  return undefined;
}

/** A list of e-mails: CSV or Excel (.xlsx), by its name (browsers give CSV several types, or none). */
export const listFileProblem = (file: File): string | undefined => (/\.(csv|xlsx)$/i.test(file.name) ? undefined : 'committees.validation.listFile');
