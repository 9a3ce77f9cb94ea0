import { z } from 'zod';
import { defineEndpoint } from '../http.ts';
import { idBody } from '../organisation/organisation.schemas.ts';
import { ROLES } from '../roles.ts';
import {
  acceptPolicyBody,
  changePasswordBody,
  currentUserSchema,
  emailQuery,
  endOtherSessionsBody,
  endSessionBody,
  loginBody,
  loginResponse,
  passkeyAuthenticationOptions,
  passkeyLoginBody,
  passkeyRegisterBody,
  passkeyRegistrationOptions,
  passkeyRenameBody,
  passkeySchema,
  passkeyStartBody,
  profileBody,
  recoveryCodesResponse,
  registrationCodeQuery,
  registrationCodeUser,
  sessionResponse,
  sessionSchema,
  setLocaleBody,
  setPasswordBody,
  signupBody,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorEnrolment,
  twoFactorLoginBody,
  twoFactorStatus,
  userSchema,
} from './account.schemas.ts';

export const login = defineEndpoint({
  method: 'POST',
  path: '/login',
  access: 'public',
  summary: 'Log in with e-mail and password; answers a bearer token and the user',
  bodyType: 'form',
  body: loginBody,
  response: loginResponse,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/logout',
  access: ROLES,
  summary: 'Revoke the current session token',
  responseKind: 'empty',
});

export const currentUser = defineEndpoint({
  method: 'GET',
  path: '/user',
  access: ROLES,
  summary: 'The current user, with the personal data policy version they still have to accept',
  response: currentUserSchema,
});

export const acceptPolicy = defineEndpoint({
  method: 'POST',
  path: '/user/acceptPolicy',
  access: ROLES,
  summary: 'Accept the personal data processing policy in force (its version, the time and the address are recorded)',
  bodyType: 'form',
  body: acceptPolicyBody,
  response: currentUserSchema,
});

export const signup = defineEndpoint({
  method: 'POST',
  path: '/signup',
  access: 'public',
  summary: 'Create a signup request for a moderator (always 202)',
  bodyType: 'form',
  body: signupBody,
  responseKind: 'accepted',
});

export const sendRestorePasswordEmail = defineEndpoint({
  method: 'GET',
  path: '/sendRestorePasswordEmail',
  access: 'public',
  summary: 'E-mail a password reset link (always 202, whether the account exists or not)',
  query: emailQuery,
  responseKind: 'accepted',
});

export const sendOwnRestorePasswordEmail = defineEndpoint({
  method: 'GET',
  path: '/user/sendRestorePasswordEmail',
  access: ROLES,
  summary: 'E-mail the current user a password reset link',
  responseKind: 'accepted',
});

export const getUserByRegistrationCode = defineEndpoint({
  method: 'GET',
  path: '/getUserByRegistrationCode',
  access: 'public',
  summary: 'The person a set-password link belongs to',
  query: registrationCodeQuery,
  response: registrationCodeUser,
});

export const setPasswordByCode = defineEndpoint({
  method: 'POST',
  path: '/setPasswordByCode',
  access: 'public',
  summary: 'Set a password from a reset or first-password link (single use)',
  bodyType: 'form',
  body: setPasswordBody,
  responseKind: 'empty',
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/changePassword',
  access: ROLES,
  summary: "Change the current user's password; ends the user's other sessions",
  bodyType: 'form',
  body: changePasswordBody,
  responseKind: 'empty',
});

export const updateProfile = defineEndpoint({
  method: 'POST',
  path: '/update',
  access: ROLES,
  summary: "Update the current user's information",
  bodyType: 'form',
  body: profileBody,
  response: userSchema,
});

export const setLocale = defineEndpoint({
  method: 'POST',
  path: '/user/setLocale',
  access: ROLES,
  summary: "Save the current user's interface language",
  bodyType: 'json',
  body: setLocaleBody,
  responseKind: 'empty',
});

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/user/sessions',
  access: ROLES,
  summary: "The current user's live sessions: browser, system, address, started and last seen, and which one is this",
  response: z.array(sessionSchema),
});

export const endSession = defineEndpoint({
  method: 'POST',
  path: '/user/sessions/end',
  access: ROLES,
  summary: "End one of the current user's sessions (the password again); that browser is signed out on its next request",
  bodyType: 'form',
  body: endSessionBody,
  responseKind: 'empty',
});

export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/user/sessions/endOthers',
  access: ROLES,
  summary: 'End every session of the current user but this one (the password again)',
  bodyType: 'form',
  body: endOtherSessionsBody,
  responseKind: 'empty',
});

export const loginTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/login/twoFactor',
  access: 'public',
  summary: "Log in's second step: the login's challenge and a code from the authenticator app or a recovery code; answers a session",
  bodyType: 'form',
  body: twoFactorLoginBody,
  response: sessionResponse,
});

export const getTwoFactor = defineEndpoint({
  method: 'GET',
  path: '/user/twoFactor',
  access: ROLES,
  summary: "Whether the current user's two-factor sign-in is on, and how many recovery codes are left",
  response: twoFactorStatus,
});

export const startTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/twoFactor/start',
  access: ROLES,
  summary: 'A new authenticator secret to enrol (as a key and a QR code); it works once confirmed with a code',
  response: twoFactorEnrolment,
});

export const confirmTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/twoFactor/confirm',
  access: ROLES,
  summary: 'Turn two-factor sign-in on with a code from the enrolled app; answers 10 single-use recovery codes, shown once',
  bodyType: 'form',
  body: twoFactorCodeBody,
  response: recoveryCodesResponse,
});

export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/twoFactor/disable',
  access: ROLES,
  summary: 'Turn two-factor sign-in off with the password and a code',
  bodyType: 'form',
  body: twoFactorDisableBody,
  responseKind: 'empty',
});

export const resetTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/admin/user/resetTwoFactor',
  access: ['admin'],
  summary: "Turn off another person's two-factor sign-in (they lost their device); logged and e-mailed to them",
  bodyType: 'form',
  body: idBody,
  responseKind: 'empty',
});

export const exportMyData = defineEndpoint({
  method: 'GET',
  path: '/user/exportMyData',
  access: ROLES,
  summary: "Everything the portal holds about the current user, as a zip of a JSON file and a readable PDF (in the caller's language)",
  responseKind: 'file',
});

export const listPasskeys = defineEndpoint({
  method: 'GET',
  path: '/user/passkeys',
  access: ROLES,
  summary: "The current user's passkeys: name, added and last used",
  response: z.array(passkeySchema),
});

export const startPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/user/passkeys/registerStart',
  access: ROLES,
  summary:
    'Options for the browser to create a passkey (a discoverable credential), once the password is given again; the challenge lives 5 minutes and works once',
  bodyType: 'form',
  body: passkeyStartBody,
  response: passkeyRegistrationOptions,
});

export const registerPasskey = defineEndpoint({
  method: 'POST',
  path: '/user/passkeys/register',
  access: ROLES,
  summary: 'Save a passkey the browser created, under a name; logged and e-mailed to the person',
  bodyType: 'json',
  body: passkeyRegisterBody,
  response: passkeySchema,
});

export const renamePasskey = defineEndpoint({
  method: 'POST',
  path: '/user/passkeys/rename',
  access: ROLES,
  summary: "Rename one of the current user's passkeys",
  bodyType: 'form',
  body: passkeyRenameBody,
  responseKind: 'empty',
});

export const removePasskey = defineEndpoint({
  method: 'POST',
  path: '/user/passkeys/remove',
  access: ROLES,
  summary: "Remove one of the current user's passkeys; logged",
  bodyType: 'form',
  body: idBody,
  responseKind: 'empty',
});

export const startPasskeyLogin = defineEndpoint({
  method: 'POST',
  path: '/login/passkeyStart',
  access: 'public',
  summary: "Options for the browser to sign in with a passkey (any of the portal's); the challenge lives 5 minutes and works once",
  response: passkeyAuthenticationOptions,
});

export const loginPasskey = defineEndpoint({
  method: 'POST',
  path: '/login/passkey',
  access: 'public',
  summary: "Log in with a passkey alone (it is both factors): the browser's signed answer to the challenge; answers a session",
  bodyType: 'json',
  body: passkeyLoginBody,
  response: sessionResponse,
});
