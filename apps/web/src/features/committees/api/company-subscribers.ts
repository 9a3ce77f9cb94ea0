import { committees } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type ManagerPrefix, useInvalidateCompanyCwg } from './company-side.ts';

export interface SubscriberList {
  committeeId: number;
  /** A CSV or Excel file of e-mails, or else the typed e-mails, one per line. */
  file: File | null;
  emails: string;
  commit: boolean;
}

/**
 * POST /{ceo|trusted}/committee/updateSubscribers (multipart): commit=false answers the preview of every row and what
 * would change; commit=true replaces the company's subscribers of that committee or group with the matched people.
 */
export function useUpdateSubscribers(prefix: ManagerPrefix) {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: ({ file, emails, committeeId, commit }: SubscriberList) =>
      callEndpoint(committees.updateSubscribers[prefix], {
        body: { committeeId, commit, emails: file ? '' : emails },
        files: file ? { file } : undefined,
      }),
    onSuccess: (_data, { commit }) => (commit ? invalidate() : undefined),
  });
}
