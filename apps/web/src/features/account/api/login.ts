import { account, type User } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/auth.ts';
import { applyLocale } from '../../../lib/i18n.ts';
import { readLocaleCookie } from '../../../lib/locale.ts';

export type LoginValues = z.output<typeof account.login.body>;
/** Signed in, or the password was right and the account asks for its second factor (the challenge for that step). */
export type LoginOutcome = { user: User } | { challenge: string };

/** Told, before the session starts, that the person must enrol a second factor before anything else. */
export type OnMustEnrol = () => void;

/**
 * Starts the session here. A language chosen before logging in (the cookie) wins and the server saves it;
 * without one, the language saved on the account is restored.
 */
async function begin(
  session: { token: string; user: User; mustEnrol: boolean; policyToAccept: string | null },
  onMustEnrol?: OnMustEnrol,
): Promise<User> {
  const hadLocaleCookie = readLocaleCookie() !== null;
  if (session.mustEnrol) onMustEnrol?.();
  startSession(session.token, { ...session.user, policyToAccept: session.policyToAccept, mustEnrol: session.mustEnrol });
  if (!hadLocaleCookie) await applyLocale(session.user.locale);
  return session.user;
}

/** POST /api/login. */
export function useLogin(onMustEnrol?: OnMustEnrol) {
  return useMutation({
    mutationFn: async (values: LoginValues): Promise<LoginOutcome> => {
      const result = await callEndpoint(account.login, { body: values });
      return 'token' in result ? { user: await begin(result, onMustEnrol) } : { challenge: result.challenge };
    },
  });
}

/** POST /api/login/twoFactor: the second step, with a code from the authenticator app or a recovery code. */
export function useLoginTwoFactor() {
  return useMutation({
    mutationFn: async (values: { challenge: string; code: string }): Promise<User> =>
      begin(await callEndpoint(account.loginTwoFactor, { body: values })),
  });
}

/**
 * Signs in with a passkey alone (no password, no code): the browser's dialog, then the session as after the other
 * steps. The ceremony's code is loaded only now (passkey-ceremony.ts).
 */
export function useLoginPasskey(onMustEnrol?: OnMustEnrol) {
  return useMutation({
    mutationFn: async (): Promise<User> => begin(await (await import('./passkey-ceremony.ts')).signInWithPasskey(), onMustEnrol),
  });
}
