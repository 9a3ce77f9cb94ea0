import { account, type User } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/auth.ts';
import { applyLocale } from '../../../lib/i18n.ts';
import { readLocaleCookie } from '../../../lib/locale.ts';

export type LoginValues = z.output<typeof account.login.body>;

/**
 * POST /api/login. A language chosen before logging in (the cookie) wins and the server saves it;
 * without one, the language saved on the account is restored.
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (values: LoginValues): Promise<User> => {
      const hadLocaleCookie = readLocaleCookie() !== null;
      const { token, user } = await callEndpoint(account.login, { body: values });
      startSession(token, user);
      if (!hadLocaleCookie) await applyLocale(user.locale);
      return user;
    },
  });
}
