import { z } from 'zod';
import {
  email,
  formBoolean,
  id,
  latinOnly,
  newPassword,
  optionalId,
  passwordInput,
  passwordsMatch,
  phone,
  requiredCheckbox,
  requiredText,
  text,
} from '../fields.ts';
import { LOCALES } from '../limits.ts';
import { ROLES } from '../roles.ts';

export const USER_STATUSES = ['registered', 'joined'] as const;

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  position: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.enum(LOCALES),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  regionId: z.number().nullable(),
  jobGroupId: z.number().nullable(),
  digestSubscribed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
/**
 * The person as their app knows them: with the personal data policy's version they still have to accept (null: none),
 * and whether this session may do nothing but enrol a second factor (see `sessionResponse`).
 */
export const currentUserSchema = userSchema.extend({ policyToAccept: z.string().nullable(), mustEnrol: z.boolean() });
export type CurrentUser = z.infer<typeof currentUserSchema>;
/** Accepting the policy names the version the person read, so a newer one published meanwhile is not accepted unread. */
export const acceptPolicyBody = z.object({ version: requiredText(32) });

/**
 * Ending sessions asks for the password again (OWASP ASVS 7.5.2): a browser left signed in, or a stolen session, cannot
 * sign its owner out everywhere else.
 */
export const endSessionBody = z.object({ id, password: passwordInput });
export const endOtherSessionsBody = z.object({ password: passwordInput });

export const loginBody = z.object({ email, password: passwordInput });
/** A session: its bearer token and the person. */
export const sessionResponse = z.object({
  token: z.string(),
  user: userSchema,
  /**
   * The person's role requires two-factor sign-in and this session was opened without a second factor: it may do
   * nothing but enrol one (profile), and enrolling one in it gives it every right.
   */
  mustEnrol: z.boolean(),
  /** The personal data policy's version the person has not accepted yet (null: none): the app asks before anything else. */
  policyToAccept: z.string().nullable(),
});
/**
 * The login's answer: a session, or, for an account with two-factor sign-in, that a code is needed, with a short-lived
 * token for the second step (not a session: it opens nothing by itself).
 */
export const loginResponse = z.union([sessionResponse, z.object({ twoFactorRequired: z.literal(true), challenge: z.string() })]);

/** A code from an authenticator app (6 digits) or a recovery code (XXXXX-XXXXX); spaces are ignored. */
export const secondFactorCode = text(40)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'validation.required'));
export const twoFactorLoginBody = z.object({ challenge: requiredText(200), code: secondFactorCode });
export const twoFactorCodeBody = z.object({ code: secondFactorCode });
export const twoFactorDisableBody = z.object({ password: passwordInput, code: secondFactorCode });
/** On or off, whether the person's role requires it (REQUIRE_2FA_ROLES), and the recovery codes left. */
export const twoFactorStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() });
/** A new secret to enrol: the key to type, the otpauth:// address and the same as a QR code (an SVG data URL). */
export const twoFactorEnrolment = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const signupBody = z.object({
  company: requiredText(),
  name: requiredText(100),
  surname: requiredText(100),
  position: latinOnly(),
  phone,
  email,
  consent: requiredCheckbox('validation.consent'),
});
export type SignupInput = z.input<typeof signupBody>;

export const emailQuery = z.object({ email });
export const registrationCodeQuery = z.object({ registrationCode: text(200).min(1, 'validation.required') });
export const registrationCodeUser = z.object({
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  purpose: z.enum(['reset', 'first']),
});

export const setPasswordBody = z
  .object({
    registrationCode: text(200).min(1, 'validation.required'),
    password: newPassword,
    passwordConfirmation: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine(passwordsMatch, { path: ['passwordConfirmation'], message: 'validation.passwordsMismatch' });

export const changePasswordBody = z
  .object({
    currentPassword: passwordInput,
    password: newPassword,
    passwordConfirmation: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine(passwordsMatch, { path: ['passwordConfirmation'], message: 'validation.passwordsMismatch' })
  .refine((v) => v.password !== v.currentPassword, { path: ['password'], message: 'validation.passwordSame' });

export const profileBody = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  position: latinOnly(),
  phone,
  regionId: optionalId,
  jobGroupId: optionalId,
  /** Absent keeps the stored choice. */
  digestSubscribed: formBoolean.optional(),
});
export type ProfileInput = z.input<typeof profileBody>;

export const setLocaleBody = z.object({ locale: z.enum(LOCALES, { error: 'validation.invalid' }) });

export const referenceItem = z.object({ id: z.number(), nameEn: z.string(), nameRu: z.string() });
export type ReferenceItem = z.infer<typeof referenceItem>;

/** One of the person's live sessions as their profile lists it: the browser and system read from its User-Agent. */
export const sessionSchema = z.object({
  id: z.number(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/** A passkey as the person's profile lists it: the name they gave it, when it was added and last used (never the key). */
export const passkeySchema = z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyInfo = z.infer<typeof passkeySchema>;
export const passkeyName = requiredText(60);

/** A WebAuthn value: base64url without padding, as browsers and @simplewebauthn/browser send it. */
const base64url = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid');
/** The transports a browser reports; names the WebAuthn specification may add later are taken too. */
const transports = z
  .array(
    z
      .string()
      .max(20)
      .regex(/^[a-z-]+$/, 'validation.invalid'),
  )
  .max(10);
/** Extension outputs are not used: kept as a small object so a browser's extra outputs do not refuse a ceremony. */
const clientExtensionResults = z.looseObject({}).default({});
const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'validation.invalid' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'validation.invalid' }).optional(),
  clientExtensionResults,
};

/** The browser's answer to a registration (`navigator.credentials.create`), as JSON. */
export const passkeyRegistrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_000),
    authenticatorData: base64url(32_000).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: transports.optional(),
  }),
});
/** The browser's answer to a sign-in (`navigator.credentials.get`), as JSON. */
export const passkeyAuthenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(32_000),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});
/** Adding a passkey asks for the password again: a session alone (a browser left open) must not plant a lasting way in. */
export const passkeyStartBody = z.object({ password: passwordInput });
export const passkeyRegisterBody = z.object({ name: passkeyName, response: passkeyRegistrationResponse });
export const passkeyRenameBody = z.object({ id, name: passkeyName });
export const passkeyLoginBody = z.object({ response: passkeyAuthenticationResponse });

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
/**
 * Options for the browser's `navigator.credentials.create` (PublicKeyCredentialCreationOptionsJSON); passed to it as they
 * are (the authenticator selection and extensions too, which are not named here).
 */
export const passkeyRegistrationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  attestation: z.string().optional(),
  hints: z.array(z.string()).optional(),
});
/** Options for the browser's `navigator.credentials.get` (PublicKeyCredentialRequestOptionsJSON); passed to it as they are (extensions too). */
export const passkeyAuthenticationOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});
