import { account } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

const PASSKEYS_KEY = ['account', 'passkeys'];

/** GET /api/user/passkeys: the person's passkeys. */
export const usePasskeys = () => useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => callEndpoint(account.listPasskeys, { signal }) });

/** Adds a passkey under a name: the server's options, the browser's dialog, the server's check (passkey-ceremony.ts). */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => (await import('./passkey-ceremony.ts')).addPasskey(name, password),
    // A passkey added in a session that could only enrol gives it every right: the person is read again (in the
    // background, as after confirming an app).
    onSettled: () => {
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return client.invalidateQueries({ queryKey: PASSKEYS_KEY });
    },
  });
}

/** POST /api/user/passkeys/rename and /remove; the list is read again either way. */
export function useChangePasskey() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: PASSKEYS_KEY });
  return {
    rename: useMutation({ mutationFn: (body: { id: number; name: string }) => callEndpoint(account.renamePasskey, { body }), onSettled }),
    remove: useMutation({ mutationFn: (id: number) => callEndpoint(account.removePasskey, { body: { id } }), onSettled }),
  };
}
