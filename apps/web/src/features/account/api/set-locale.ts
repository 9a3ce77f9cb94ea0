import type { Locale, User } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY, hasSession } from '../../../lib/auth.ts';
import { applyLocale } from '../../../lib/i18n.ts';

/** Switches the language now (cookie, page) and, for a logged-in user, saves it on the account. */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (locale: Locale) => callEndpoint((await import('../../../lib/shell-endpoints.ts')).account.setLocale, { body: { locale } }),
    onSuccess: (_data, locale) => queryClient.setQueryData<User>(CURRENT_USER_KEY, (user) => (user ? { ...user, locale } : user)),
  });
  return async (locale) => {
    // Saved first: the page's words change only once the language's catalogues have loaded, and the choice must not
    // wait for them (a tab closed right after the switch keeps it).
    if (hasSession()) save.mutate(locale);
    await applyLocale(locale);
  };
}
