import { type ApiPrefix, committees } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type MemberListQuery = z.input<typeof committees.members.aipm.query>;
export type MemberDownloadQuery = z.input<typeof committees.membersDownload.aipm.query>;
export type AddMemberBody = z.input<typeof committees.addMember.aipm.body>;
export type UpdateMemberBody = z.input<typeof committees.updateMember.aipm.body>;

/** GET /{admin|aipm}/committee/members: a committee's or group's members (current, past or all), paged, sorted and searched. */
export const useMembers = (prefix: StaffPrefix, query: MemberListQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'members', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.members[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/committee/members/download, saved under the server's name. */
export const downloadMembers = (prefix: StaffPrefix, query: MemberDownloadQuery) => downloadEndpoint(committees.membersDownload[prefix], { query });

/** POST /{admin|aipm|ceo|trusted}/committee/addUser (ceo and trusted: their own people, where the committee allows it). */
export function useAddMember(prefix: ApiPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({ mutationFn: (body: AddMemberBody) => callEndpoint(committees.addMember[prefix], { body }), onSuccess: invalidate });
}

/** POST /{admin|aipm|ceo|trusted}/committee/updateUser */
export function useUpdateMember(prefix: ApiPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({ mutationFn: (body: UpdateMemberBody) => callEndpoint(committees.updateMember[prefix], { body }), onSuccess: invalidate });
}

/** DELETE /{admin|aipm|ceo|trusted}/committee/users: the term ends today (a term not yet begun is deleted). */
export function useRemoveMember(prefix: ApiPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({ mutationFn: (id: number) => callEndpoint(committees.removeMember[prefix], { query: { id } }), onSuccess: invalidate });
}
