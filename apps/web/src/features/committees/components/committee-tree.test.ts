import { describe, expect, it } from 'vitest';
import { committeesInOrder, committeeTree } from './committee-tree.ts';

describe('committeeTree', () => {
  it('puts each group beneath its committee, keeping the order', () => {
    const items = [
      { id: 1, parentId: null },
      { id: 3, parentId: 1 },
      { id: 2, parentId: null },
      { id: 4, parentId: 2 },
      { id: 5, parentId: 1 },
    ];
    expect(committeeTree(items)).toEqual([
      { committee: items[0], groups: [items[1], items[4]] },
      { committee: items[2], groups: [items[3]] },
    ]);
    expect(committeesInOrder(items).map((r) => r.id)).toEqual([1, 3, 5, 2, 4]);
  });

  it('shows a group whose committee is missing on its own', () => {
    const orphan = { id: 7, parentId: 6 };
    expect(committeeTree([orphan])).toEqual([{ committee: orphan, groups: [] }]);
    expect(committeesInOrder([orphan, { id: 1, parentId: null }]).map((r) => r.id)).toEqual([7, 1]);
  });
});
