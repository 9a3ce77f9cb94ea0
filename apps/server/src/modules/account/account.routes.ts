import { account, type EndpointDef, LOCALE_COOKIE, type Locale, survey } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFile } from '../../lib/table-file.ts';
import { type Handler, route } from '../../plugins/endpoint.ts';
import { type AccountService, DEVICE_LIFETIME_MS, type RequestMeta, type SessionOpened } from './account.service.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { PersonalDataExport } from './personal-data.ts';
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

export function accountRoutes(
  app: FastifyInstance,
  service: AccountService,
  twoFactor: TwoFactorService,
  personalData: PersonalDataExport,
  passkeys: PasskeysService,
  options: { https: boolean },
): void {
  // Open to a session that may do nothing but enrol a second factor: signing in, enrolling (an app or a passkey), the person
  // as their app knows them, the policy, the language, logging out, and the public calls. Everything else asks for a
  // second factor first (TWO_FACTOR_REQUIRED): whoever holds the password alone reads and changes nothing.
  const openToEnrol = <E extends EndpointDef>(def: E, handler: Handler<E>) => route(app, def, handler, { beforeSecondFactor: true });
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
  openToEnrol(account.login, async ({ body, request, reply }) => {
    const result = await service.login(body, meta(request));
    return 'token' in result ? opened(result, reply) : result;
  });
  openToEnrol(account.loginTwoFactor, async ({ body, request, reply }) => opened(await twoFactor.completeLogin(body, meta(request)), reply));
  openToEnrol(account.getTwoFactor, ({ user }) => twoFactor.status(user));
  openToEnrol(account.startTwoFactor, ({ user, mustEnrol, request }) => twoFactor.start(user, mustEnrol, meta(request)));
  openToEnrol(account.confirmTwoFactor, ({ user, sessionId, mustEnrol, body, request }) =>
    twoFactor.confirm(user, { id: sessionId ?? 0, mustEnrol }, body.code, meta(request)),
  );
  route(app, account.disableTwoFactor, ({ user, body, request }) => twoFactor.disable(user, body, meta(request)));
  openToEnrol(account.startPasskeyLogin, ({ request }) => passkeys.startLogin(meta(request)));
  openToEnrol(account.loginPasskey, async ({ body, request, reply }) => opened(await passkeys.login(body, meta(request)), reply));
  openToEnrol(account.listPasskeys, ({ user }) => passkeys.list(user));
  openToEnrol(account.startPasskeyRegistration, ({ user, mustEnrol, body, request }) =>
    passkeys.startRegistration(user, mustEnrol, body.password, meta(request)),
  );
  openToEnrol(account.registerPasskey, ({ user, sessionId, mustEnrol, body, request }) =>
    passkeys.register(user, { id: sessionId ?? 0, mustEnrol }, body, meta(request)),
  );
  route(app, account.renamePasskey, ({ user, body, request }) => passkeys.rename(user, body.id, body.name, meta(request)));
  route(app, account.removePasskey, ({ user, body, request }) => passkeys.remove(user, body.id, meta(request)));
  route(app, account.resetTwoFactor, ({ user, body, request }) => twoFactor.reset(user, body.id, meta(request)));
  openToEnrol(account.logout, ({ user, request }) => service.logout(bearer(request), user, meta(request)));
  route(app, account.listSessions, ({ user, sessionId }) => service.listSessions(user, sessionId));
  route(app, account.endSession, ({ user, body, request }) => service.endSession(user, body.id, body.password, meta(request)));
  route(app, account.endOtherSessions, ({ user, sessionId, body, request }) =>
    service.endOtherSessions(user, sessionId ?? 0, body.password, meta(request)),
  );
  openToEnrol(account.currentUser, ({ user, mustEnrol }) => service.currentUser(user, mustEnrol));
  openToEnrol(account.acceptPolicy, ({ user, mustEnrol, body, request }) => service.acceptPolicy(user, mustEnrol, body.version, meta(request)));
  route(app, account.exportMyData, async ({ user, locale, request, reply }) => {
    const file = await personalData.zip(user, locale, request.ip);
    return sendFile(reply, file.name, 'zip', file.data);
  });
  openToEnrol(account.signup, ({ body, request }) => service.signup(body, meta(request)));
  openToEnrol(account.sendRestorePasswordEmail, ({ query, request }) => service.requestPasswordReset(query.email, meta(request)));
  route(app, account.sendOwnRestorePasswordEmail, ({ user, request }) => service.sendOwnResetLink(user, meta(request)));
  openToEnrol(account.getUserByRegistrationCode, ({ query }) => service.userByCode(query.registrationCode));
  openToEnrol(account.setPasswordByCode, ({ body, request }) => service.setPasswordByCode(body, meta(request)));
  route(app, account.changePassword, ({ user, sessionId, body, request }) => service.changePassword(user, sessionId ?? 0, body, meta(request)));
  route(app, account.updateProfile, ({ user, body, request }) => service.updateProfile(user, body, meta(request)));
  openToEnrol(account.setLocale, ({ user, body, request }) => service.setLocale(user, body.locale, meta(request)));
  // The reference lists live with the survey's contracts (a period's frozen list) and are answered here for everyone.
  openToEnrol(survey.getRegions, ({ query }) => service.regions(query.periodId));
  openToEnrol(survey.getJobGroups, ({ query }) => service.jobGroups(query.periodId));
}
