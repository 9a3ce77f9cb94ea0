import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../../lib/toasts.ts';

// The snackbar and its alert are not in the first load: they are fetched once the app has painted, so the first toast
// need not wait for them and a deploy that replaces this build's files cannot take them away.
const loadToast = () => import('./toast.tsx');
const Toast = lazy(loadToast);

/** Shows queued toasts one after another. */
export function ToastQueue() {
  const current = useSyncExternalStore(subscribeToasts, getToasts, getToasts)[0];
  useEffect(() => {
    void loadToast();
  }, []);
  return current ? (
    <Suspense fallback={null}>
      <Toast key={current.id} toast={current} />
    </Suspense>
  ) : null;
}
