import { describe, expect, it } from 'vitest';
import { closedReason } from './voting.rules.ts';

const at = (iso: string) => Date.parse(iso);
const voting = { status: 'started' as const, startsAt: '2026-03-02T10:00:00Z', endsAt: '2026-03-02T11:00:00Z' };

describe('whether a voting takes answers', () => {
  it('takes them from its start until, not at, its end while started', () => {
    expect(closedReason(voting, at('2026-03-02T09:59:59Z'))).toBe('notBegun');
    expect(closedReason(voting, at('2026-03-02T10:00:00Z'))).toBeNull();
    expect(closedReason(voting, at('2026-03-02T10:59:59.999Z'))).toBeNull();
    expect(closedReason(voting, at('2026-03-02T11:00:00Z'))).toBe('over');
  });
  it('takes none while planned, stopped or archived, whatever the clock says', () => {
    const now = at('2026-03-02T10:30:00Z');
    expect(closedReason({ ...voting, status: 'planned' }, now)).toBe('notBegun');
    expect(closedReason({ ...voting, status: 'stopped' }, now)).toBe('over');
    expect(closedReason({ ...voting, status: 'archived', startsAt: new Date(voting.startsAt), endsAt: new Date(voting.endsAt) }, now)).toBe('over');
  });
  it('lets a browser whose clock runs behind show a voting that has just begun as open', () => {
    expect(closedReason(voting, at('2026-03-02T09:59:57Z'), 5_000)).toBeNull();
  });
});
