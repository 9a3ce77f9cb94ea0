import { describe, expect, it } from 'vitest';
import { isUnsaved, setScope, shownScope } from './scope-changes.ts';

describe('the staff data scopes draft', () => {
  const person = { userId: 3, scopes: ['raw_salary' as const] };

  it('shows a changed cell until it is set back to what the person holds', () => {
    const given = setScope(new Map(), person, 'report_admin', true);
    expect(shownScope(given, person, 'report_admin')).toBe(true);
    expect(isUnsaved(given, 3, 'report_admin')).toBe(true);
    expect([...given.values()]).toEqual([{ userId: 3, scope: 'report_admin', grant: true }]);
    expect(setScope(given, person, 'report_admin', false).size).toBe(0);
  });

  it('takes a held scope away', () => {
    const taken = setScope(new Map(), person, 'raw_salary', false);
    expect(shownScope(taken, person, 'raw_salary')).toBe(false);
    expect(shownScope(taken, person, 'raw_credit')).toBe(false);
    expect(shownScope(new Map(), person, 'raw_salary')).toBe(true);
  });
});
