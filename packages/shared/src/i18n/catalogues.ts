import { LIMITS, type Locale } from '../limits.ts';

/** The catalogues' namespaces: one JSON file each per language (the parity test checks both have every key). */
export const NAMESPACES = [
  'common',
  'account',
  'errors',
  'validation',
  'mail',
  'organisation',
  'voting',
  'content',
  'committees',
  'reports',
  'reportsAdmin',
  'surveyAdmin',
  'survey',
  'reportDoc',
  'creditData',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Values every message may interpolate (limits named in validation messages). */
export const DEFAULT_PARAMS: Record<string, string | number> = { min: LIMITS.passwordMinLength };

/**
 * One namespace of one language, loaded when asked for: the web build makes each file a chunk of its own, so a page
 * loads the words of its language and area only (the server takes every catalogue at once from RESOURCES).
 */
export async function loadCatalogue(locale: Locale, ns: Namespace): Promise<Record<string, unknown>> {
  const module: { default: Record<string, unknown> } = await import(`./${locale}/${ns}.json`, { with: { type: 'json' } });
  return module.default;
}
