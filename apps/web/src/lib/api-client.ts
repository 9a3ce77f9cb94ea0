import {
  API_PREFIX,
  type ApiErrorBody,
  type EndpointBody,
  type EndpointDef,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
} from '@portal/shared';
import { translateMessage } from './i18n.ts';
import { getToken } from './token.ts';

const RETRY_DELAYS_MS = [300, 300];
const RETRIABLE_STATUSES = new Set([502, 503, 504]);

/** A failed API call: the server's code, its localised message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;
  /** What the refusal is about, when the server says (a stale save's newer data, completion's blockers). */
  readonly details: unknown;

  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, fields: Record<string, string> = {}, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  /** True when the session is gone or the role forbids the call (spec §6: log out and go to login). */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

type AuthFailureHandler = (error: ApiError) => void;
let onAuthFailure: AuthFailureHandler = () => {
  window.location.assign('/login');
};

/** The app registers what a 401/403 does (clear the session, go to /login); the client only reports it. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  onAuthFailure = handler;
}

type OutageHandler = (error: ApiError) => void;
let onOutage: OutageHandler = () => {};

/** The app registers how a read that met the database away is told (a toast); the read itself is retried by the query cache. */
export function setOutageHandler(handler: OutageHandler): void {
  onOutage = handler;
}

export interface CallOptions<E extends EndpointDef> {
  body?: EndpointBody<E>;
  query?: EndpointQuery<E>;
  signal?: AbortSignal;
  /** Which of the endpoint's paths to call, when the spec lists it under several prefixes. */
  path?: string;
  /** Set false where the caller handles 401/403 itself (the route guard). */
  authRedirect?: boolean;
  /** Files of a multipart endpoint, by field name; sent after the body's fields. */
  files?: Record<string, Blob | File>;
}

type Scalar = string | number | boolean | null | undefined;

function toSearchParams(values: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item as Scalar));
    // An empty value tells the server "not set" (optional ids and texts become null there).
    else params.append(key, value === null || value === undefined ? '' : String(value as Scalar));
  }
  return params;
}

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  const search = toSearchParams(query).toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

/** A multipart body: the fields as text (as a form would send them), then the files. */
function toFormData(body: unknown, files: Record<string, Blob | File> = {}): FormData {
  if (body instanceof FormData) return body;
  const data = new FormData();
  for (const [key, value] of toSearchParams(body as Record<string, unknown> | undefined)) data.append(key, value);
  for (const [key, file] of Object.entries(files)) data.append(key, file, file instanceof File ? file.name : key);
  return data;
}

function buildInit(endpoint: EndpointDef, body: unknown, signal?: AbortSignal, files?: Record<string, Blob | File>): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method: endpoint.method, headers, signal, credentials: 'same-origin' };
  if (endpoint.bodyType === 'multipart' && endpoint.method !== 'GET') {
    // The browser sets the multipart Content-Type with its boundary.
    init.body = toFormData(body, files);
  } else if (body !== undefined && endpoint.method !== 'GET') {
    if (endpoint.bodyType === 'json') {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(body);
    } else {
      init.body = toSearchParams(body as Record<string, unknown>);
    }
  }
  return init;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** fetch with the retry rule: a GET is retried twice, 300 ms apart, after a network error or 502/503/504; a POST never. */
async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  const retries = init.method === 'GET' ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init);
      if (!RETRIABLE_STATUSES.has(response.status) || attempt >= retries.length) return response;
    } catch (error) {
      if (init.signal?.aborted) throw error;
      if (attempt >= retries.length) throw new ApiError(0, 'NETWORK', translateMessage('errors.network'));
    }
    await sleep(retries[attempt] ?? 0, init.signal ?? undefined);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the catalogue's words below.
  }
  const fallbackCode: ErrorCode = response.status === 429 ? 'RATE_LIMITED' : response.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL';
  const code = body.code ?? fallbackCode;
  const message = body.message || translateMessage(response.status === 401 ? 'errors.authorization' : 'errors.somethingWrong');
  return new ApiError(response.status, code, message, body.fields ?? {}, body.details);
}

/** Passes a successful response on; turns a failed one into an ApiError, after the session and outage handlers. */
async function checked<E extends EndpointDef>(endpoint: E, options: CallOptions<E>, response: Response): Promise<Response> {
  if (response.ok) return response;
  const error = await toApiError(response);
  // The login call answers 401 for wrong credentials: that is a message to show, not a dead session.
  if (error.isAuthFailure && endpoint.access !== 'public' && options.authRedirect !== false) onAuthFailure(error);
  if (error.code === 'DATABASE_UNAVAILABLE' && endpoint.method === 'GET') onOutage(error);
  throw error;
}

async function send<E extends EndpointDef>(endpoint: E, options: CallOptions<E>): Promise<Response> {
  const url = buildUrl(options.path ?? endpoint.path, options.query as Record<string, unknown> | undefined);
  return checked(endpoint, options, await fetchWithRetry(url, buildInit(endpoint, options.body, options.signal, options.files)));
}

/** The typed body of a successful response (undefined for 202/204 and files). */
async function readResponse<E extends EndpointDef>(endpoint: E, response: Response): Promise<EndpointResponse<E>> {
  const kind = endpoint.responseKind ?? 'json';
  if (kind !== 'json' || response.status === 204) return undefined as EndpointResponse<E>;
  const data: unknown = await response.json();
  if (!endpoint.response) return data as EndpointResponse<E>;
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as EndpointResponse<E>;
  // A server a little ahead of this build should not break the page; the mismatch is still reported.
  console.warn(`Unexpected response from ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
  return data as EndpointResponse<E>;
}

/** Calls an endpoint of the shared contract and answers its typed response (undefined for 202/204). */
export async function callEndpoint<E extends EndpointDef>(endpoint: E, options: CallOptions<E> = {}): Promise<EndpointResponse<E>> {
  return readResponse(endpoint, await send(endpoint, options));
}

/**
 * Calls a multipart endpoint through XMLHttpRequest, which reports how much of the upload has gone (fetch does not),
 * as a fraction from 0 to 1; otherwise as callEndpoint.
 */
export function uploadEndpoint<E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> & { onProgress: (fraction: number) => void },
): Promise<EndpointResponse<E>> {
  const init = buildInit(endpoint, options.body, options.signal, options.files);
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, buildUrl(options.path ?? endpoint.path, options.query as Record<string, unknown> | undefined));
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? '' },
        }),
      );
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', translateMessage('errors.network')));
    xhr.onabort = () => reject(options.signal?.reason);
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as FormData);
  })
    .then((response) => checked(endpoint, options, response))
    .then((response) => readResponse(endpoint, response));
}

/** The file name from Content-Disposition (RFC 6266: filename* first, then filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || fallback;
}

/** Calls a 'file' endpoint and answers its content (for showing it, e.g. an image, rather than saving it). */
export async function fetchEndpointBlob<E extends EndpointDef>(endpoint: E, options: CallOptions<E> = {}): Promise<Blob> {
  const response = await send(endpoint, options);
  return response.blob();
}

/** Calls a 'file' endpoint and saves the answer under the name the server gives. */
export async function downloadEndpoint<E extends EndpointDef>(endpoint: E, options: CallOptions<E> = {}): Promise<void> {
  const response = await send(endpoint, options);
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), 'download'));
}

/** Saves a file made here (or fetched) under a name, as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
