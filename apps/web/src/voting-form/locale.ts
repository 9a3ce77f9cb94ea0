import type { Locale } from './messages.ts';

// The same cookie as the portal (shared LOCALE_COOKIE / LOCALE_COOKIE_DAYS), written here without importing
// @portal/shared at run time, which would pull zod into this small page.
const COOKIE = 'locale';
const COOKIE_DAYS = 365;

/** The language the person chose before (the cookie), if any. */
export function readLocaleCookie(): Locale | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  const value = entry?.slice(COOKIE.length + 1);
  return value === 'en' || value === 'ru' ? value : null;
}

/** Remembers the choice for a year; the server reads the same cookie to localise its messages. */
export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers; the cookie must be set before the next request.
  document.cookie = `${COOKIE}=${locale}; Max-Age=${COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

/** The browser's language: ru* → ru, anything else en (as the server's resolveLocale). */
export function browserLocale(): Locale {
  const first = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return first.startsWith('ru') ? 'ru' : 'en';
}
