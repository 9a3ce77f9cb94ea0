/** A committee with its working groups, in the order the server gave them. */
export interface CommitteeNode<T> {
  committee: T;
  groups: T[];
}

/**
 * The committees with their groups beneath. A group whose committee is not in the list (switched off while the group
 * stayed on) is shown on its own rather than hidden.
 */
export function committeeTree<T extends { id: number; parentId: number | null }>(items: readonly T[]): CommitteeNode<T>[] {
  const ids = new Set(items.map((item) => item.id));
  return items
    .filter((item) => item.parentId === null || !ids.has(item.parentId))
    .map((committee) => ({ committee, groups: items.filter((group) => group.parentId === committee.id && group.id !== committee.id) }));
}

/** The same order as one list: each committee followed by its groups (the staff's tables). */
export const committeesInOrder = <T extends { id: number; parentId: number | null }>(items: readonly T[]): T[] =>
  committeeTree(items).flatMap((node) => [node.committee, ...node.groups]);
