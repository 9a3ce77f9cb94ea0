import { account } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

const SESSIONS_KEY = ['account', 'sessions'];

/** GET /api/user/sessions: where the person is signed in, this browser marked. */
export const useSessions = () => useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => callEndpoint(account.listSessions, { signal }) });

/**
 * POST /api/user/sessions/end (one session) or /endOthers (every one but this), with the password again; the list is
 * read again either way.
 */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number | 'others'; password: string }) =>
      id === 'others' ? callEndpoint(account.endOtherSessions, { body: { password } }) : callEndpoint(account.endSession, { body: { id, password } }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
