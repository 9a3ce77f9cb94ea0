import type { CurrentUser } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { clearToken, getToken, setToken } from './token.ts';

export const CURRENT_USER_KEY = ['account', 'currentUser'] as const;

/** The user behind the stored token (GET /api/user). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: async ({ signal }) => callEndpoint((await import('./shell-endpoints.ts')).account.currentUser, { signal }),
  staleTime: 5 * 60_000,
});

/** The logged-in user, or undefined for a guest (no request is made without a token). */
export function useCurrentUser(): CurrentUser | undefined {
  const { data } = useQuery({ ...currentUserQuery, enabled: getToken() !== null });
  return getToken() ? data : undefined;
}

/** Starts a session from the login answer. */
export function startSession(token: string, user: CurrentUser): void {
  setToken(token);
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/** Forgets the session locally: token, and every cached answer that belonged to it. */
export function endSession(): void {
  clearToken();
  queryClient.clear();
}

export const hasSession = (): boolean => getToken() !== null;
