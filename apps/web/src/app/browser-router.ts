import { createBrowserRouter } from 'react-router';
import { setAuthFailureHandler, setOutageHandler } from '../lib/api-client.ts';
import { endSession } from '../lib/auth.ts';
import { toast } from '../lib/toasts.ts';
import { loginUrl } from './guards.ts';
import { isPublic, ROUTE_TABLE } from './route-table.ts';
import { routes } from './router.tsx';

/** The browser's router over the app's routes (the build's prerender renders the same routes without it). */
export const router = createBrowserRouter(routes);

const PUBLIC_PATHS = new Set(ROUTE_TABLE.filter(isPublic).map((entry) => `/${entry.path}`));

// A 401 or 403 from any API call ends the session and goes to /login (spec §6), coming back afterwards.
setAuthFailureHandler(() => {
  endSession();
  const { pathname, search } = router.state.location;
  if (!PUBLIC_PATHS.has(pathname)) void router.navigate(loginUrl(pathname + search), { replace: true });
});

// A read that meets the database away says so once in a while (the query cache keeps retrying it); writes say it in their own toast.
const OUTAGE_TOAST_EVERY_MS = 15_000;
let lastOutageToast = 0;
setOutageHandler((error) => {
  if (Date.now() - lastOutageToast < OUTAGE_TOAST_EVERY_MS) return;
  lastOutageToast = Date.now();
  toast.error(error.message);
});
