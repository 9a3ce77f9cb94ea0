import { z } from 'zod';
import {
  email,
  formBoolean,
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
/** The person as their app knows them: with the personal data policy's version they still have to accept (null: none). */
export const currentUserSchema = userSchema.extend({ policyToAccept: z.string().nullable() });
export type CurrentUser = z.infer<typeof currentUserSchema>;
/** Accepting the policy names the version the person read, so a newer one published meanwhile is not accepted unread. */
export const acceptPolicyBody = z.object({ version: requiredText(32) });

export const loginBody = z.object({ email, password: passwordInput });
/** A session: its bearer token and the person. */
export const sessionResponse = z.object({
  token: z.string(),
  user: userSchema,
  /** The person's role requires two-factor sign-in and they have none yet: they may do nothing but enrol (profile). */
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
