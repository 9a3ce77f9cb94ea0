import { useCallback, useMemo, useRef, useState } from 'react';
import { browserLocale, readLocaleCookie, writeLocaleCookie } from './locale.ts';
import { type Locale, translator } from './messages.ts';

/**
 * The page's language: the one the person chose (the cookie), else the voting's once it is loaded, else the browser's.
 * A tuple, as useState's, to keep the form's script small.
 */
export function usePageLanguage() {
  const [locale, setLocale] = useState<Locale>(() => readLocaleCookie() ?? browserLocale());
  const chosen = useRef(readLocaleCookie() !== null);
  const t = useMemo(() => translator(locale), [locale]);

  const switchLanguage = (next: Locale) => {
    chosen.current = true;
    writeLocaleCookie(next);
    setLocale(next);
  };
  /** The voting's own language, unless the person has chosen one. */
  const adoptLanguage = useCallback((language: Locale) => {
    if (!chosen.current) setLocale(language);
  }, []);

  return [locale, t, switchLanguage, adoptLanguage] as const;
}
