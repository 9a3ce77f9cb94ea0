import { LOCALE_TAG, type Locale } from '@portal/shared';
import { DEFAULT_PARAMS, NAMESPACES, RESOURCES } from '@portal/shared/i18n';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { initialLocale, writeLocaleCookie } from './locale.ts';

/** The one i18next instance, fed from the shared catalogues so pages and API say the same words. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'ru'],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false, defaultVariables: DEFAULT_PARAMS },
  returnNull: false,
  initAsync: false,
});

// <html lang> says the language the page starts in; applyLocale keeps it in step.
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The interface language now in use. */
export const currentLocale = (): Locale => (i18n.language === 'ru' ? 'ru' : 'en');

/** The BCP 47 tag for Intl (en-US, ru-RU). */
export const currentLocaleTag = (): string => LOCALE_TAG[currentLocale()];

const MESSAGE_KEY_RE = /^([a-z]+)\.([\w.]+)$/;

/**
 * Translates a catalogue key written as "namespace.key" (the form zod messages and the error
 * catalogue use); any other text (a message the server already translated) is returned as is.
 */
export function translateMessage(message: string | undefined, params: Record<string, unknown> = {}): string {
  if (!message) return '';
  const match = MESSAGE_KEY_RE.exec(message);
  if (!match || !(NAMESPACES as string[]).includes(match[1] ?? '')) return message;
  const key = `${match[1]}:${match[2]}`;
  return i18n.exists(key) ? i18n.t(key, params) : message;
}

/** translateMessage for components: re-renders them in the new language when it changes. */
export function useTranslateMessage(): (message: string | undefined) => string {
  const { i18n: active } = useTranslation();
  return (message) => translateMessage(message, { lng: active.language });
}

/** Switches the page's language: cookie (read by the server too), i18next and <html lang>. */
export async function applyLocale(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}
