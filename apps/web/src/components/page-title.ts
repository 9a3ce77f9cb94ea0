import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to "<page> — <app name>", and the page's description, in the page's language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common:appName');
  const description = t('common:appDescription');
  useEffect(() => {
    document.title = title ? `${title} — ${appName}` : appName;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, appName, description]);
}
