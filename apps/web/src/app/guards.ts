import type { Locale, Role, User } from '@portal/shared';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError, callEndpoint } from '../lib/api-client.ts';
import { CURRENT_USER_KEY, endSession, hasSession } from '../lib/auth.ts';
import { applyLocale } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { roleHome } from './role-home.ts';

/** /login, remembering where to come back to. */
export function loginUrl(next?: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/** Only a path inside this site may be a `next` target (never another origin). */
export function safeNext(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/**
 * The user behind the stored token, from the cache or GET /api/user. A guest, or a token the server
 * no longer accepts, is sent to /login with the page to come back to.
 */
async function requireUser(request: Request): Promise<User> {
  if (!hasSession()) throw redirect(loginUrl(pathOf(request)));
  const { account } = await import('../lib/shell-endpoints.ts');
  const cached = queryClient.getQueryData<User>(CURRENT_USER_KEY);
  if (cached) {
    // Decide at once from the cached user, and check the session behind it on every navigation: a
    // session ended on the server (company switched off, password changed) logs out on the next click.
    void callEndpoint(account.currentUser, {})
      .then((user) => queryClient.setQueryData(CURRENT_USER_KEY, user))
      .catch(() => undefined);
    return cached;
  }
  try {
    return await queryClient.fetchQuery({
      queryKey: CURRENT_USER_KEY,
      // The guard redirects itself, so the client's global 401 handling is switched off here.
      queryFn: ({ signal }) => callEndpoint(account.currentUser, { signal, authRedirect: false }),
    });
  } catch (error) {
    if (error instanceof ApiError && error.isAuthFailure) {
      endSession();
      throw redirect(loginUrl(pathOf(request)));
    }
    throw error;
  }
}

/** The guard of a role's area: decided from the route table and the user's role, before any page loads data. */
export const requireRole =
  (role: Role) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await requireUser(request);
    if (user.role !== role) throw redirect('/forbidden');
    return null;
  };

/** `/`: each role to its home. */
export const redirectHome = async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  throw redirect(roleHome(user.role));
};

/** `/admin`, `/aipm`, `/trusted`, `/ceo` alone: the role's home (legacy paths). */
export const redirectToRoleHome = (role: Role) => () => redirect(roleHome(role));

/** Legacy `/en/…` and `/ru/…`: set the language, then go to the rest of the path. */
export const redirectFromLocalePrefix =
  (locale: Locale) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    await applyLocale(locale);
    const url = new URL(request.url);
    throw redirect(`/${params['*'] ?? ''}${url.search}`);
  };

/** An unknown path: a logged-in person stays in the portal's frame (its 404 page beside the navigation); a guest goes to /404. */
export const notFoundInFrame = async ({ request }: LoaderFunctionArgs) => {
  if (!hasSession()) throw redirect('/404');
  await requireUser(request);
  return null;
};
