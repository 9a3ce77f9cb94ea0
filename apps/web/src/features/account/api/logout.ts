import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/auth.ts';

/** POST /api/logout, then forget the session here even if the server could not be reached. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callEndpoint(account.logout, { authRedirect: false }).catch(() => undefined),
    onSettled: () => {
      endSession();
      void navigate('/login', { replace: true });
    },
  });
}
