import { LOCALE_COOKIE, type Locale, resolveLocale, type User } from '@portal/shared';
import type { FastifyInstance } from 'fastify';

export interface Session {
  id: number;
  user: User;
  /** The person's role requires two-factor sign-in that they have not turned on: only enrolment routes admit them. */
  mustEnrol: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** The caller's live session from the Bearer token, looked up once per request. */
    session(): Promise<Session | null>;
  }
}

/** Finds the live session behind a token (the account module's service provides it; plugins know no domain). */
export interface SessionResolver {
  /** `ip` is the caller's address, which the session keeps as where it was last seen. */
  sessionFromToken(token: string, ip: string): Promise<Session | null>;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The caller's language (locale cookie, else Accept-Language) and session (Bearer token). */
export function registerRequestContext(app: FastifyInstance, accounts: SessionResolver): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('session');
  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
    let cached: Promise<Session | null> | undefined;
    request.session = () => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      cached ??= token ? accounts.sessionFromToken(token, request.ip) : Promise.resolve(null);
      return cached;
    };
  });
}
