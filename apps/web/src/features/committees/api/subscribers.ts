import { type ApiPrefix, committees } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type SubscriberListQuery = z.input<typeof committees.subscribers.aipm.query>;

/** GET /{admin|aipm}/committee/subscribers: a committee's or group's subscribers, paged, sorted and searched. */
export const useSubscribers = (prefix: StaffPrefix, query: SubscriberListQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'subscribers', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.subscribers[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** POST /{admin|aipm}/committee/subscribers/add */
export function useAddSubscriber(prefix: StaffPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (body: { committeeId: number; userId: number }) => callEndpoint(committees.addSubscriber[prefix], { body }),
    onSuccess: invalidate,
  });
}

/** DELETE /{admin|aipm}/committee/subscribers */
export function useRemoveSubscriber(prefix: StaffPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (query: { committeeId: number; userId: number }) => callEndpoint(committees.removeSubscriber[prefix], { query }),
    onSuccess: invalidate,
  });
}

export interface SubscriberList {
  committeeId: number;
  /** A working group's list goes to setWorkingGroupSubscribers, a committee's to setCommitteeSubscribers (staff). */
  isGroup: boolean;
  /** A CSV or Excel file of e-mails, or else the typed e-mails. */
  file: File | null;
  emails: string;
  commit: boolean;
}

/**
 * Sets subscribers from a list (multipart): staff a committee's or group's whole list
 * (/{admin|aipm}/committee/set{Committee|WorkingGroup}Subscribers), ceo and trusted their company's part of it
 * (/{ceo|trusted}/committee/updateSubscribers). commit=false answers how every row was read and what would change;
 * commit=true saves.
 */
export function useSubscriberList(prefix: ApiPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: ({ committeeId, isGroup, file, emails, commit }: SubscriberList) => {
      const endpoint =
        prefix === 'ceo' || prefix === 'trusted'
          ? committees.updateSubscribers[prefix]
          : (isGroup ? committees.setWorkingGroupSubscribers : committees.setCommitteeSubscribers)[prefix];
      return callEndpoint(endpoint, { body: { committeeId, emails: file ? '' : emails, commit }, files: file ? { file } : undefined });
    },
    onSuccess: (_result, { commit }) => (commit ? invalidate() : undefined),
  });
}
