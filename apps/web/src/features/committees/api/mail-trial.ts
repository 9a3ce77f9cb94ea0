import { mail } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from './keys.ts';

export type MailTrial = z.input<typeof mail.preview.aipm.body>;

/**
 * POST /{admin|aipm}/template/preview: the subject and body rendered by the server with sample data (the HTML as it
 * is sent, and its plain-text part). A read, so it is cached per text: switching languages back and forth asks once.
 */
export const useMailPreview = (prefix: StaffPrefix, trial: MailTrial) =>
  useQuery({
    queryKey: ['mailPreview', prefix, trial],
    queryFn: ({ signal }) => callEndpoint(mail.preview[prefix], { signal, body: trial }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });

/** POST /{admin|aipm}/template/test: the same, sent to the caller's own address (202). */
export const useTestMail = (prefix: StaffPrefix) =>
  useMutation({ mutationFn: (trial: MailTrial) => callEndpoint(mail.testSend[prefix], { body: trial }) });
