import { LOCALE_TAG, type Locale } from '@portal/shared';
import { DEFAULT_PARAMS, loadCatalogue, NAMESPACES, type Namespace } from '@portal/shared/i18n-catalogues';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { initialLocale, writeLocaleCookie } from './locale.ts';

/** The words every page may show (the frame, errors, validation); each area's namespace comes with its pages (router.tsx). */
export const CORE_NAMESPACES = ['common', 'errors', 'validation'] as const satisfies readonly Namespace[];

/** i18next's loader: one chunk per language and namespace, so only the language in use is ever fetched. */
const catalogues: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, ns, done) => {
    loadCatalogue(language as Locale, ns as Namespace).then(
      (data) => done(null, data),
      (error: unknown) => done(error as Error, false),
    );
  },
};

/** The one i18next instance, fed from the shared catalogues so pages and API say the same words. */
export const i18n = i18next.createInstance();

/** Settles once the core words of the starting language are loaded: nothing renders before (start.tsx, prerender.tsx). */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogues)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    // Both catalogues hold every key (a test checks), so no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: ['en', 'ru'],
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: DEFAULT_PARAMS },
    returnNull: false,
    // The language is set at once (the loading is still asynchronous), so a page's namespaces can be asked for before the core has arrived.
    initAsync: false,
  });

/** Loads an area's words in the language in use (a language switch then loads them in the other one too). */
export const loadNamespaces = (namespaces: readonly Namespace[]): Promise<void> => i18n.loadNamespaces([...namespaces]);

// <html lang> says the language the page starts in; applyLocale keeps it in step.
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The interface language now in use. */
export const currentLocale = (): Locale => (i18n.language === 'ru' ? 'ru' : 'en');

/** The BCP 47 tag for Intl (en-US, ru-RU). */
export const currentLocaleTag = (): string => LOCALE_TAG[currentLocale()];

// Namespaces may be camel case (surveyAdmin).
const MESSAGE_KEY_RE = /^([a-z][a-zA-Z]*)\.([\w.]+)$/;

/**
 * Translates a catalogue key written as "namespace.key" (the form zod messages and the error
 * catalogue use); any other text (a message the server already translated) is returned as is.
 */
export function translateMessage(message: string | undefined, params: Record<string, unknown> = {}): string {
  if (!message) return '';
  const match = MESSAGE_KEY_RE.exec(message);
  if (!match || !(NAMESPACES as readonly string[]).includes(match[1] ?? '')) return message;
  const key = `${match[1]}:${match[2]}`;
  return i18n.exists(key) ? i18n.t(key, params) : message;
}

/** translateMessage for components: re-renders them in the new language when it changes. */
export function useTranslateMessage(): (message: string | undefined) => string {
  const { i18n: active } = useTranslation();
  return (message) => translateMessage(message, { lng: active.language });
}

/**
 * Switches the page's language: the cookie first (read by the server too; kept even if the tab closes while the words
 * load), then i18next, then <html lang>, which says the language of what the page shows.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
