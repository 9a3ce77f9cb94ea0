import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to "<page> — <app name>". */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common:appName');
  useEffect(() => {
    document.title = title ? `${title} — ${appName}` : appName;
  }, [title, appName]);
}
