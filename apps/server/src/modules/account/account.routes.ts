import { account, LOCALE_COOKIE, type Locale, survey } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import { type AccountService, DEVICE_LIFETIME_MS, type RequestMeta, type SessionOpened } from './account.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** The device cookie: sent only to the login, never readable by scripts. */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/login';

/** Longer User-Agent headers are cut: the list of sessions needs the browser's name, not an attacker's novel. */
const USER_AGENT_MAX = 512;

const meta = (request: FastifyRequest): RequestMeta => {
  const cookie = request.cookies[LOCALE_COOKIE];
  return {
    ip: request.ip,
    locale: request.locale,
    chosenLocale: cookie === 'en' || cookie === 'ru' ? (cookie as Locale) : undefined,
    deviceToken: request.cookies[DEVICE_COOKIE],
    userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
  };
};

const bearer = (request: FastifyRequest) => (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

export function accountRoutes(app: FastifyInstance, service: AccountService, twoFactor: TwoFactorService, options: { https: boolean }): void {
  // A new browser is given its device cookie with the session it opened (after the second step, when there is one).
  const opened = ({ deviceToken, ...session }: SessionOpened, reply: FastifyReply) => {
    if (deviceToken) {
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.https,
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_LIFETIME_MS / 1000,
      });
    }
    return session;
  };
  route(app, account.login, async ({ body, request, reply }) => {
    const result = await service.login(body, meta(request));
    return 'token' in result ? opened(result, reply) : result;
  });
  route(app, account.loginTwoFactor, async ({ body, request, reply }) => opened(await twoFactor.completeLogin(body, meta(request)), reply));
  route(app, account.getTwoFactor, ({ user }) => twoFactor.status(user));
  route(app, account.startTwoFactor, ({ user, request }) => twoFactor.start(user, meta(request)));
  route(app, account.confirmTwoFactor, ({ user, body, request }) => twoFactor.confirm(user, body.code, meta(request)));
  route(app, account.disableTwoFactor, ({ user, body, request }) => twoFactor.disable(user, body, meta(request)));
  route(app, account.resetTwoFactor, ({ user, body, request }) => twoFactor.reset(user, body.id, meta(request)));
  route(app, account.logout, ({ user, request }) => service.logout(bearer(request), user, meta(request)));
  route(app, account.listSessions, ({ user, sessionId }) => service.listSessions(user, sessionId));
  route(app, account.endSession, ({ user, body, request }) => service.endSession(user, body.id, meta(request)));
  route(app, account.endOtherSessions, ({ user, sessionId, request }) => service.endOtherSessions(user, sessionId ?? 0, meta(request)));
  route(app, account.currentUser, async ({ user }) => user);
  route(app, account.signup, ({ body, request }) => service.signup(body, meta(request)));
  route(app, account.sendRestorePasswordEmail, ({ query, request }) => service.requestPasswordReset(query.email, meta(request)));
  route(app, account.sendOwnRestorePasswordEmail, ({ user, request }) => service.sendOwnResetLink(user, meta(request)));
  route(app, account.getUserByRegistrationCode, ({ query }) => service.userByCode(query.registrationCode));
  route(app, account.setPasswordByCode, ({ body, request }) => service.setPasswordByCode(body, meta(request)));
  route(app, account.changePassword, ({ user, sessionId, body, request }) => service.changePassword(user, sessionId ?? 0, body, meta(request)));
  route(app, account.updateProfile, ({ user, body, request }) => service.updateProfile(user, body, meta(request)));
  route(app, account.setLocale, ({ user, body, request }) => service.setLocale(user, body.locale, meta(request)));
  // The reference lists live with the survey's contracts (a period's frozen list) and are answered here for everyone.
  route(app, survey.getRegions, ({ query }) => service.regions(query.periodId));
  route(app, survey.getJobGroups, ({ query }) => service.jobGroups(query.periodId));
}
