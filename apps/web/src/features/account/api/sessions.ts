import { account } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

const SESSIONS_KEY = ['account', 'sessions'];

/** GET /api/user/sessions: where the person is signed in, this browser marked. */
export const useSessions = () => useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => callEndpoint(account.listSessions, { signal }) });

/** POST /api/user/sessions/end (one session) or /endOthers (every one but this); the list is read again either way. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'others') =>
      id === 'others' ? callEndpoint(account.endOtherSessions) : callEndpoint(account.endSession, { body: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
