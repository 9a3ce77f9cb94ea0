import { Outlet } from 'react-router';
import { ActivityLoadingBar, LoadingBar } from './loading-bar.tsx';
import { ToastQueue } from './toast-queue.tsx';
import { VersionCheck } from './version-check.tsx';

/** The root of every page: loading bar, the page outlet, the toast queue and the new-version bar. */
export function AppShell() {
  return (
    <>
      <ActivityLoadingBar />
      <Outlet />
      <ToastQueue />
      <VersionCheck />
    </>
  );
}

/** Shown while the first route's guard runs (before any page is rendered). */
export function ShellFallback() {
  return <LoadingBar active />;
}
