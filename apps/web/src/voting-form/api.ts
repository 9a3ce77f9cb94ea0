// The three public calls of the form, with fetch. Only TYPES come from @portal/shared (erased at build time):
// importing its values would pull zod and the message catalogues into this page.
import type { ApiErrorBody, checkUserResult, ErrorCode, noAuthResponseBody, publicVoting, receiptSchema } from '@portal/shared';
import type { z } from 'zod';
import type { Locale, MessageKey } from './messages.ts';

export type PublicVoting = z.infer<typeof publicVoting>;
export type CheckUserResult = z.infer<typeof checkUserResult>;
export type NoAuthResponse = z.input<typeof noAuthResponseBody>;
export type Receipt = z.infer<typeof receiptSchema>;

const TIMEOUT_MS = 30_000;

/** How far the server's clock is ahead of this device's (from the Date header of the last answer). */
let clockOffset = 0;

/** The time now on the server's clock, near enough to tell whether a voting has begun or is over. */
export function serverNow(): number {
  return Date.now() + clockOffset;
}

/** A failed call: the server's localised message, or a key of the form's own table when there is no answer to show. */
export class FormError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly text: string | null,
    readonly key: MessageKey | null,
    readonly fields: Record<string, string> = {},
  ) {
    super(text ?? key ?? code);
  }
}

async function request<T>(url: string, locale: Locale, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      // The server localises from the locale cookie, else from Accept-Language: the page's language either way.
      headers: { Accept: 'application/json', 'Accept-Language': locale, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new FormError('NETWORK', null, 'network');
  }
  const date = Date.parse(res.headers.get('date') ?? '');
  // The header has whole seconds: half a second is the best guess of the fraction it dropped.
  if (!Number.isNaN(date)) clockOffset = date + 500 - Date.now();
  const data: unknown = await res.json().catch(() => null);
  if (res.ok && data !== null) return data as T;
  const error = data as Partial<ApiErrorBody> | null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    throw new FormError(error.code, error.message, null, error.fields ?? {});
  }
  throw new FormError('INTERNAL', null, res.status === 502 || res.status === 503 || res.status === 504 ? 'network' : 'somethingWrong');
}

export const getVoting = (slug: string, locale: Locale) => request<PublicVoting>(`/api/vote/getNoAuth?slug=${encodeURIComponent(slug)}`, locale);

export const checkUser = (slug: string, email: string, locale: Locale) => request<CheckUserResult>('/api/vote/checkUser', locale, { slug, email });

export const sendResponse = (body: NoAuthResponse, locale: Locale) => request<Receipt>('/api/vote/sendNoAuthResponse', locale, body);
