import { describe, expect, it } from 'vitest';
import { csvCell } from './table-file.ts';

describe('CSV cells', () => {
  it('quote separators, quotes and line breaks', () => {
    expect(csvCell('Petrov, Ivan')).toBe('"Petrov, Ivan"');
    expect(csvCell('say "yes"')).toBe('"say ""yes"""');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Иванов')).toBe('Иванов');
  });

  it('keep text that a spreadsheet would run as a formula as text, numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    expect(csvCell('+7 495 000-00-00')).toBe("'+7 495 000-00-00");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });
});
