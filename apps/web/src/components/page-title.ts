import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's title as the tab shows it: "<page> — <app name>" (the build's prerender titles the login the same way). */
export const pageTitle = (title: string, appName: string): string => (title ? `${title} — ${appName}` : appName);

/** Sets the browser tab's title to "<page> — <app name>", and the page's description, in the page's language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common:appName');
  const description = t('common:appDescription');
  useEffect(() => {
    document.title = pageTitle(title, appName);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, appName, description]);
}
