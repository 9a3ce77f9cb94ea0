import { LIMITS } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { letterProblem, listFileProblem } from './file-checks.ts';

const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the checks of chosen files', () => {
  it('takes a PDF letter of at most 10 MB', () => {
    expect(letterProblem(fileOf('letter.pdf', 'application/pdf'))).toBeUndefined();
    expect(letterProblem(fileOf('LETTER.PDF', ''))).toBeUndefined();
    expect(letterProblem(fileOf('letter.pdf', 'application/pdf', LIMITS.letterMaxBytes))).toBeUndefined();
  });

  it('refuses a letter that is not a PDF, or is larger', () => {
    expect(letterProblem(fileOf('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBe(
      'committees.validation.letterNotPdf',
    );
    expect(letterProblem(fileOf('letter.pdf', 'image/png'))).toBe('committees.validation.letterNotPdf');
    expect(letterProblem(fileOf('letter.pdf', 'application/pdf', LIMITS.letterMaxBytes + 1))).toBe('validation.fileTooLarge');
  });

  it('takes a CSV or Excel list of e-mails and nothing else', () => {
    expect(listFileProblem(fileOf('emails.csv', 'text/csv'))).toBeUndefined();
    expect(listFileProblem(fileOf('emails.CSV', 'application/vnd.ms-excel'))).toBeUndefined();
    expect(listFileProblem(fileOf('emails.xlsx', ''))).toBeUndefined();
    expect(listFileProblem(fileOf('emails.txt', 'text/plain'))).toBe('committees.validation.listFile');
    expect(listFileProblem(fileOf('emails.xls', 'application/vnd.ms-excel'))).toBe('committees.validation.listFile');
  });
});
