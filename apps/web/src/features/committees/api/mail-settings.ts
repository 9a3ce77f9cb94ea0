import { committees } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix, useInvalidateCommittees } from './keys.ts';

export type MailSettingsFields = z.input<typeof committees.updateMailSettings.aipm.body>;

/** GET /{admin|aipm}/committee/settings: the sender name and each committee event's template. */
export const useMailSettings = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'mailSettings', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.mailSettings[prefix], { signal }),
  });

/** POST /{admin|aipm}/committee/settings */
export function useSaveMailSettings(prefix: StaffPrefix) {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (body: MailSettingsFields) => callEndpoint(committees.updateMailSettings[prefix], { body }),
    onSuccess: invalidate,
  });
}
