import { describe, expect, it } from 'vitest';
import { termKind, today } from './membership-term.ts';

describe('membership terms', () => {
  it('reads a term with an end as a range, an open one as since or from', () => {
    expect(termKind('2024-01-01', '2025-12-31', '2026-05-01')).toBe('range');
    expect(termKind('2024-01-01', null, '2026-05-01')).toBe('since');
    expect(termKind('2026-05-01', null, '2026-05-01')).toBe('since');
    expect(termKind('2026-06-01', null, '2026-05-01')).toBe('from');
  });

  it("writes today's date as the terms do", () => {
    expect(today(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
