import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, type ApiErrorBody, ERRORS, type ErrorCode, type Locale } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { DatabaseOutage, isConnectionError } from '../lib/database-outage.ts';

function send(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, error?: AppError): FastifyReply {
  const { status, key } = ERRORS[code];
  const body: ApiErrorBody = { code, message: translate(request.locale, key, error?.options.params) };
  if (error?.options.details !== undefined) body.details = error.options.details;
  const fields = error?.options.fields;
  if (fields)
    body.fields = Object.fromEntries(
      Object.entries(fields).map(([f, m]) => [
        f,
        typeof m === 'string' ? translate(request.locale, m, error?.options.params) : translate(request.locale, m.key, m.params),
      ]),
    );
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A unique index the database enforced (a race the service's own check lost) → its catalogue code. */
const UNIQUE_CONSTRAINTS: Record<string, ErrorCode> = {
  users_email_key: 'EMAIL_TAKEN',
  users_one_active_ceo_key: 'CEO_EXISTS',
  companies_name_key: 'COMPANY_NAME_TAKEN',
  survey_periods_code_key: 'PERIOD_CODE_TAKEN',
};

type DatabaseError = { code?: string; constraint?: string; cause?: unknown };

/** The database's own error beneath the query builder's wrapping, if any. */
function databaseError(error: unknown): DatabaseError | undefined {
  for (let e = error as DatabaseError | undefined; e; e = e.cause as DatabaseError | undefined) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

function uniqueViolation(error: DatabaseError | undefined): ErrorCode | undefined {
  return error?.code === '23505' ? (UNIQUE_CONSTRAINTS[error.constraint ?? ''] ?? 'CONFLICT') : undefined;
}

/**
 * Data the database refused as data (class 22: out of range, invalid text, too long; class 54: too many
 * values): the contract let through something the column cannot hold. The caller gets a 400; the log a bug.
 */
const isDataError = (error: DatabaseError | undefined) => error?.code?.startsWith('22') || error?.code?.startsWith('54');

/**
 * A transaction the database rolled back to settle a conflict with another (class 40: a deadlock, a serialisation
 * failure): nothing was changed, and the same request may well pass a moment later, so the caller is told to try again.
 */
const isRolledBack = (error: DatabaseError | undefined) => error?.code?.startsWith('40');

/** Maps framework errors (bad JSON, too large) onto the catalogue. */
function codeOf(error: FastifyError): ErrorCode {
  const status = error.statusCode ?? 500;
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 400 && status < 500) return 'VALIDATION';
  return 'INTERNAL';
}

const looksLikeFile = (url: string) => {
  const parts = url.split('/');
  return parts.some((part) => part.startsWith('.')) || /\.[^/]*$/.test(parts.at(-1) ?? '');
};

/** The public voting form's links: /voting-form/:slug. */
const VOTING_FORM_PREFIX = '/voting-form/';

/**
 * The page a path is answered with: the public voting form is its own small page; the login page comes prerendered
 * in the caller's language when the build made it (a phone paints it before the app's JavaScript arrives); every
 * other path is the portal's single-page app.
 */
function pageFor(url: string, locale: Locale, webDist: string): string {
  if (url.startsWith(VOTING_FORM_PREFIX)) return 'voting-form.html';
  const prerendered = `login.${locale}.html`;
  if (url === '/login' && fs.existsSync(path.join(webDist, prerendered))) return prerendered;
  return 'index.html';
}

/** How long a client should wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** One error shape for every failure, in the caller's language; the web app's page for every other GET. */
export function registerErrorHandling(app: FastifyInstance, webDist: string): void {
  const outage = new DatabaseOutage(app.log);
  // Any API answer that is not a server error means the database answered again (the health route is one).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 && request.url.startsWith(API_PREFIX)) outage.cameBack();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.code, error);
    if (isConnectionError(error)) {
      outage.wentAway(error);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(request, reply, 'DATABASE_UNAVAILABLE');
    }
    const dbError = databaseError(error);
    const unique = uniqueViolation(dbError);
    if (unique) return send(request, reply, unique);
    if (isRolledBack(dbError)) {
      request.log.warn({ err: error }, 'a transaction was rolled back by a conflict with another');
      return send(request, reply, 'CONFLICT');
    }
    if (isDataError(dbError)) {
      request.log.warn({ err: error }, 'the database refused data the contract let through: tighten the contract');
      return send(request, reply, 'VALIDATION');
    }
    const code = codeOf(error);
    if (code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: error.code, status: error.statusCode }, error.message);
    return send(request, reply, code);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith(API_PREFIX)) return send(request, reply, 'NOT_FOUND');
    // Only the app's routes are pages: a path that looks like a file (an extension, or a part starting with a dot:
    // /.env, /x.php, /sitemap.xml) is not found, in a small plain answer a scanner cannot take for a hit.
    if (looksLikeFile(url) || url.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (request.method === 'GET') {
      const page = pageFor(url, request.locale, webDist);
      if (!fs.existsSync(path.join(webDist, page))) return reply.code(503).type('text/plain').send('The web app is not built: run npm run build.');
      // cacheControl: false keeps @fastify/static from replacing no-cache with its own max-age=0.
      return reply.code(200).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').sendFile(page, { cacheControl: false });
    }
    return send(request, reply, 'NOT_FOUND');
  });
}
