import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/auth.ts';

/** POST /api/logout, then forget the session here even if the server could not be reached. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const { account } = await import('../../../lib/shell-endpoints.ts');
      await callEndpoint(account.logout, { authRedirect: false }).catch(() => undefined);
    },
    onSettled: () => {
      endSession();
      void navigate('/login', { replace: true });
    },
  });
}
