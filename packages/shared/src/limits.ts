/** A day in milliseconds (UTC days: no clock change in them). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Business constants of spec §9 and the issues, in one place. */
export const LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  votingOptionsMin: 2,
  votingOptionsMax: 14,
  digestMaxBytes: 10 * 1024 * 1024,
  /** A nomination letter (PDF) sent with a committee membership request. */
  letterMaxBytes: 10 * 1024 * 1024,
  textMaxLength: 255,
  /** The largest value of the database's `integer` columns: ids, counts, positions. */
  intMax: 2_147_483_647,
  /** The last page a list may be asked for (page × size stays far inside the database's offsets). */
  pageMax: 1_000_000,
  /** Ids in one request (the voting's companies, a voter's answers). */
  idsMax: 10_000,
  pageSizeDefault: 50,
  /** A log's total is counted exactly up to this; a total one above it means "more than this" (counting a huge log costs every request). */
  countCap: 10_000,
  pageSizeMax: 200,
  /** The calendar's longest range in one request: a month view spans six weeks. */
  calendarRangeDaysMax: 62,
  /** The most seats an event can offer. */
  eventSeatsMax: 100_000,
} as const;

export const UI = {
  toastDurationMs: 3000,
  primaryColor: '#0500F0',
  successColor: '#28C76F',
  loadingBar: { throttleMs: 200, durationMs: 2000, height: 3 },
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1200, xl: 1600, xxl: 1920 },
  selectMenuMaxHeight: 310,
  chunkReloadGuardMs: 10_000,
  versionCheckIntervalMs: 5 * 60_000,
} as const;

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_TAG: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

/** Lifetimes of e-mailed links. */
export const LINK_TTL = {
  resetPasswordMs: 2 * 60 * 60 * 1000,
  firstPasswordMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** Picks the locale from a cookie value, else from an Accept-Language header or navigator languages. */
export function resolveLocale(cookie: string | undefined | null, acceptLanguage: string | undefined | null): Locale {
  if (cookie === 'en' || cookie === 'ru') return cookie;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ru') ? 'ru' : 'en';
}
