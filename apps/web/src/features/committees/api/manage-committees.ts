import { type CommitteeAdmin, committees } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateCommittees } from './keys.ts';

export type CommitteeFields = z.input<typeof committees.committee.add.body>;

/** The admin calls of a committee (no parent) or of a working group (with its committee). */
const callsOf = (parentId: number | null) => (parentId === null ? committees.committee : committees.workingGroup);

/** POST /admin/committee/add|update, or /admin/workingGroup/add|update when the row has a parent committee. */
export function useSaveCommittee() {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: ({ id, parentId, fields }: { id?: number; parentId: number | null; fields: CommitteeFields }): Promise<CommitteeAdmin> => {
      if (parentId === null) {
        return id === undefined
          ? callEndpoint(committees.committee.add, { body: fields })
          : callEndpoint(committees.committee.update, { body: { ...fields, id } });
      }
      return id === undefined
        ? callEndpoint(committees.workingGroup.add, { body: { ...fields, parentId } })
        : callEndpoint(committees.workingGroup.update, { body: { ...fields, parentId, id } });
    },
    onSuccess: invalidate,
  });
}

/** POST /admin/{committee|workingGroup}/setActive with the wanted state, so a double click cannot flip twice. */
export function useSetCommitteeActive() {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: ({ row, isActive }: { row: CommitteeAdmin; isActive: boolean }) =>
      callEndpoint(callsOf(row.parentId).setActive, { body: { id: row.id, isActive } }),
    onSuccess: invalidate,
  });
}

/** DELETE /admin/{committee|workingGroup}/delete: with its groups, members, subscribers and requests. */
export function useDeleteCommittee() {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (row: CommitteeAdmin) => callEndpoint(callsOf(row.parentId).remove, { query: { id: row.id } }),
    onSuccess: invalidate,
  });
}
