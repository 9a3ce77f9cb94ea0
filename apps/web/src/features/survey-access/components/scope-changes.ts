import type { StaffDataScope } from '@portal/shared/reports-model';
import type { StaffDataChange } from '../api/staff-data.ts';

/** The unsaved changes of the staff's data scopes, by person and scope. */
export type ScopeDraft = ReadonlyMap<string, StaffDataChange>;

const cellKey = (userId: number, scope: StaffDataScope) => `${userId}:${scope}`;

/** Sets a cell: back to what the person holds is no change at all. */
export function setScope(
  draft: ScopeDraft,
  person: { userId: number; scopes: readonly StaffDataScope[] },
  scope: StaffDataScope,
  grant: boolean,
): ScopeDraft {
  const next = new Map(draft);
  const key = cellKey(person.userId, scope);
  if (person.scopes.includes(scope) === grant) next.delete(key);
  else next.set(key, { userId: person.userId, scope, grant });
  return next;
}

/** What a cell shows: its unsaved value, else what the person holds. */
export const shownScope = (draft: ScopeDraft, person: { userId: number; scopes: readonly StaffDataScope[] }, scope: StaffDataScope): boolean =>
  draft.get(cellKey(person.userId, scope))?.grant ?? person.scopes.includes(scope);

export const isUnsaved = (draft: ScopeDraft, userId: number, scope: StaffDataScope): boolean => draft.has(cellKey(userId, scope));
