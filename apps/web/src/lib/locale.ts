import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, resolveLocale } from '@portal/shared';

/** The locale cookie's value, if the person has chosen a language (or the server set one). */
export function readLocaleCookie(): Locale | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  const value = entry?.slice(LOCALE_COOKIE.length + 1);
  return value === 'en' || value === 'ru' ? value : null;
}

/** Stores the choice for a year; the server reads the same cookie to localise its messages. */
export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers; the cookie must be set before the next request.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The cookie when present, else the browser's language (ru* → ru, anything else en). */
export function initialLocale(): Locale {
  // The build's prerender runs without a browser: it sets the language of each page it renders itself.
  if (typeof document === 'undefined') return 'en';
  const locale = resolveLocale(readLocaleCookie(), navigator.languages?.join(',') || navigator.language);
  document.documentElement.lang = locale;
  return locale;
}
