import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/**
 * Sessions: only the SHA-256 of the bearer token is stored. The browser (its User-Agent) and the address are what the
 * person sees in their list of sessions; last seen and the address are refreshed at most once a minute.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /**
     * Opened with a second factor (a code after the password, or a passkey, which is two in one), or made so by enrolling
     * one in it. A role that requires two-factor sign-in (REQUIRE_2FA_ROLES) can only enrol in a session without one,
     * whatever the person enrolled since elsewhere: the password alone never opens more.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Browsers a person has signed in from (OWASP's device cookies): only the SHA-256 of the cookie's token is stored.
 * A login from such a browser is counted on its own, so strangers guessing a password cannot lock its owner out.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/**
 * A person's authenticator (TOTP, RFC 6238): the secret, on once confirmed with a code; `lastStep` is the time step of
 * the last code accepted, so a code works once.
 */
export const twoFactors = pgTable('two_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step').notNull().default(0),
});

/** Single-use recovery codes (stored hashed) for a person who lost their authenticator. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The second step of a login with two-factor sign-in: a short-lived token (hashed) that the password earned, not a session. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Single-use codes of e-mailed set-password links (reset, or first password). */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'first'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('registration_codes_user_idx').on(t.userId)],
);

/** Events counted by the rate limiter (failed logins, signup and reset requests), by bucket and key. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.key, t.at)],
);

/**
 * Fixed-window counters of requests (the public voting form's per-address ceiling): one row per key and window, so
 * every app server counts the same, and a hot key (a meeting room behind one address) is one row, not one per request.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_counters_window_idx').on(t.windowStart)],
);

/**
 * A person's passkeys (WebAuthn credentials): the credential's id and public key (base64url), its signature counter
 * (a replayed or cloned authenticator shows a counter that did not grow), the transports the browser reported, and the
 * name the person gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, single use and short-lived: only their SHA-256 is kept. A registration's belongs to the person
 * adding a passkey; a sign-in's to nobody yet (the passkey names its owner).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challengeHash: text('challenge_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A person's request to erase their personal data: staff confirm it (the person is anonymised) or refuse it with a
 * reason; the person may withdraw it while it waits. One waiting request per person.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'erased', 'refused', 'withdrawn'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('erasure_requests_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('erasure_requests_status_idx').on(t.status, t.requestedAt),
  ],
);
