import { committees } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type MailingListQuery = z.input<typeof committees.mailings.aipm.query>;
export type MailingFields = z.input<typeof committees.sendMailing.aipm.body>;

/** While any message of a mailing waits in the outbox, its counts are read again this often. */
export const MAILING_POLL_MS = 3000;

/** GET /{admin|aipm}/committee/mailings: a committee's mailings, newest first, paged; read again every 3 s while any is still queued. */
export const useMailings = (prefix: StaffPrefix, query: MailingListQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'mailings', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.mailings[prefix], { signal, query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((row) => row.queued > 0) ? MAILING_POLL_MS : false),
  });

/** GET /{admin|aipm}/committee/mailing: one mailing with its text, its counts read again every 3 s while any is queued. */
export const useMailing = (prefix: StaffPrefix, id: number) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'mailing', prefix, id],
    queryFn: ({ signal }) => callEndpoint(committees.mailing[prefix], { signal, query: { id } }),
    refetchInterval: (q) => ((q.state.data?.queued ?? 0) > 0 ? MAILING_POLL_MS : false),
  });

/** POST /{admin|aipm}/committee/mailing/send: to the distribution list; answers the mailing with its counts. */
export function useSendMailing(prefix: StaffPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (body: MailingFields) => callEndpoint(committees.sendMailing[prefix], { body }),
    onSuccess: invalidate,
  });
}
