import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateOrganisation } from './invalidate.ts';
import type { StaffPrefix } from './prefix.ts';

/**
 * POST /{admin|aipm}/company/importEmployees (multipart: companyId, commit, file): commit=false answers
 * the preview of every row; commit=true saves all new rows at once and invites them.
 */
export function useImportEmployees(prefix: StaffPrefix) {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: ({ companyId, commit, file }: { companyId: number; commit: boolean; file: File }) =>
      callEndpoint(organisation.importEmployees[prefix], { body: { companyId, commit }, files: { file } }),
    onSuccess: (_data, { commit }) => (commit ? invalidate() : undefined),
  });
}
