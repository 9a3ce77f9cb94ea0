import { describe, expect, it } from 'vitest';
import { changesOf } from './log-diff.tsx';

describe('changesOf', () => {
  it('lists the fields that changed, and all of one side when the other is empty', () => {
    expect(changesOf({ status: 'started', title: 'A' }, { status: 'stopped', title: 'A' })).toEqual([
      { key: 'status', before: 'started', after: 'stopped' },
    ]);
    expect(changesOf(null, { deletedVotes: 1 })).toEqual([{ key: 'deletedVotes', before: undefined, after: 1 }]);
  });

  it('names what the entry is about first, by its value, even when it did not change', () => {
    const before = { responseId: 7, voter: 'Lev Logov', status: 'valid' };
    const after = { responseId: 7, voter: 'Lev Logov', status: 'rejected', reason: 'Proxy' };
    expect(changesOf(before, after, ['voter'])).toEqual([
      { key: 'voter', before: undefined, after: 'Lev Logov' },
      { key: 'status', before: 'valid', after: 'rejected' },
      { key: 'reason', before: undefined, after: 'Proxy' },
    ]);
    // A context field that is absent, or that changed, is no different from any other.
    expect(changesOf({ status: 'started' }, { status: 'stopped' }, ['voter'])).toEqual([{ key: 'status', before: 'started', after: 'stopped' }]);
    expect(changesOf({ voter: 'A' }, { voter: 'B' }, ['voter'])).toEqual([{ key: 'voter', before: 'A', after: 'B' }]);
  });
});
