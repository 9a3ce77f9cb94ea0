import { isIP } from 'node:net';
import path from 'node:path';
import { ROLES, type Role } from '@portal/shared';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();
const isAddressOrRange = (p: string) => {
  const [address = '', bits, ...rest] = p.split('/');
  return isIP(address) > 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/** Every environment variable the server reads, with its default; nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AIPM Portal <no-reply@aipm.test>'),
  SEED_DEMO: bool.default(true),
  HTTPS: bool.default(false),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v === 'true' || v === 'false' || v.split(',').every((p) => isAddressOrRange(p.trim())),
      'must be true, false, or the proxies’ addresses or CIDR ranges, separated by commas',
    )
    .default('false'),
  SESSION_TTL_HOURS: positiveInt.default(24 * 30),
  /** A session unused this long ends (OWASP ASVS 7.3.1), however long it had left. */
  SESSION_IDLE_HOURS: positiveInt.default(24),
  /** Roles whose people must have two-factor sign-in (comma-separated, e.g. admin,staff); until they enrol they may do nothing else. */
  REQUIRE_2FA_ROLES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES))),
  /** Sent e-mail is kept this long, then purged by the daily retention run. */
  MAIL_RETENTION_DAYS: positiveInt.default(90),
  /** Entries of the security log (sign-ins, failures, session ends) are kept this long. */
  SECURITY_LOG_RETENTION_DAYS: positiveInt.default(365),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_LIMIT_PER_EMAIL: positiveInt.default(10),
  LOGIN_LIMIT_PER_ADDRESS: positiveInt.default(30),
  LOGIN_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  REQUEST_LIMIT_PER_EMAIL: positiveInt.default(5),
  REQUEST_LIMIT_PER_ADDRESS: positiveInt.default(30),
  REQUEST_LIMIT_WINDOW_MINUTES: positiveInt.default(60),
  // A venue's Wi-Fi puts a whole meeting behind one address: 1,000 voters who each open the form, ask for a code and vote
  // (some twice) make about 6,000 calls; the e-mail code's own limits stop guessing, whatever the address.
  VOTE_LIMIT_PER_ADDRESS: positiveInt.default(10_000),
  VOTE_LIMIT_WINDOW_MINUTES: positiveInt.default(10),
  // Per voting, whatever the addresses: a voter needs about 6 calls (ask for a code, perhaps again, vote, perhaps
  // mistype the code), so 20 per eligible person leaves a room ample slack while bounding what many addresses can send.
  VOTE_LIMIT_PER_VOTER: positiveInt.default(20),
  // ... and never fewer than this per voting, so a small meeting (or one not yet started) is never starved.
  VOTE_LIMIT_PER_VOTING_MIN: positiveInt.default(1000),
  // Files in an S3-compatible object store (so several app servers share them) instead of DATA_DIR/files.
  S3_URL: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).default('portal-files'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // The external PDFs the spec links: the personal data processing policy (sign-up consent) and the survey instruction.
  PERSONAL_DATA_POLICY_URL: z.string().min(1).default('/docs/personal-data-policy.pdf'),
  // The policy's version in force: raising it asks everyone signed in to accept the new one (their acceptance is recorded).
  PERSONAL_DATA_POLICY_VERSION: z.string().trim().min(1).max(32).default('1'),
  SURVEY_INSTRUCTION_URL: z.string().min(1).optional(),
  // The association's time zone: times written into e-mails (an event's start) are in it, named.
  TIME_ZONE: z
    .string()
    .default('Europe/Moscow')
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'not a time zone (an IANA name such as Europe/Moscow)'),
  WEB_DIST: z.string().min(1).optional(),
  // After SIGTERM, how long a server keeps serving with /api/ready at 503 before it stops taking connections, so a
  // balancer that checks readiness stops sending it requests first (nginx's own checks are passive: 0 is right there).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  // A report task whose worker has not heartbeated for this long belongs to a server that died: it is failed and retried.
  REPORT_TASK_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Set by npm to the directory it was started from, so ./data means the repository's, not the workspace's. */
  INIT_CWD: z.string().optional(),
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  timeZone: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  https: boolean;
  /** Whose X-Forwarded-For to believe for the caller's address (rate limits, logs): nobody's unless set. */
  trustProxy: boolean | string;
  sessionTtlMs: number;
  sessionIdleMs: number;
  /** Roles that must have two-factor sign-in. */
  require2faRoles: readonly Role[];
  retention: { mailMs: number; securityLogMs: number };
  logLevel: string;
  /** The external documents the pages link to. */
  links: { personalDataPolicy: string; surveyInstruction: string | null };
  /** The personal data processing policy's version in force (PERSONAL_DATA_POLICY_VERSION). */
  policyVersion: string;
  /** The S3-compatible store for files; files go to DATA_DIR/files when absent. */
  s3: { url: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  limits: {
    loginPerEmail: number;
    loginPerAddress: number;
    loginWindowMs: number;
    requestPerEmail: number;
    requestPerAddress: number;
    requestWindowMs: number;
    /** Public voting form calls per network address: a whole meeting room shares one address. */
    votePerAddress: number;
    voteWindowMs: number;
    /** Public voting form calls per voting and window, for each person eligible when it started (VotingCeiling). */
    votePerVoter: number;
    votePerVotingMin: number;
  };
  webDist: string;
  /** After SIGTERM, serving on with /api/ready at 503 for this long before the listener closes. */
  shutdownDrainMs: number;
  /** A running report task silent for this long is failed and retried (its server died). */
  reportTaskStaleMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with a message naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got "${cleaned[String(i.path[0])]}")`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const minute = 60_000;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    timeZone: e.TIME_ZONE,
    dataDir: path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    https: e.HTTPS,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_HOURS * 60 * minute,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 60 * minute,
    require2faRoles: e.REQUIRE_2FA_ROLES,
    retention: { mailMs: e.MAIL_RETENTION_DAYS * 24 * 60 * minute, securityLogMs: e.SECURITY_LOG_RETENTION_DAYS * 24 * 60 * minute },
    logLevel: e.LOG_LEVEL,
    links: { personalDataPolicy: e.PERSONAL_DATA_POLICY_URL, surveyInstruction: e.SURVEY_INSTRUCTION_URL ?? null },
    policyVersion: e.PERSONAL_DATA_POLICY_VERSION,
    s3: e.S3_URL
      ? {
          url: e.S3_URL,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    limits: {
      loginPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
      loginPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
      loginWindowMs: e.LOGIN_LIMIT_WINDOW_MINUTES * minute,
      requestPerEmail: e.REQUEST_LIMIT_PER_EMAIL,
      requestPerAddress: e.REQUEST_LIMIT_PER_ADDRESS,
      requestWindowMs: e.REQUEST_LIMIT_WINDOW_MINUTES * minute,
      votePerAddress: e.VOTE_LIMIT_PER_ADDRESS,
      voteWindowMs: e.VOTE_LIMIT_WINDOW_MINUTES * minute,
      votePerVoter: e.VOTE_LIMIT_PER_VOTER,
      votePerVotingMin: e.VOTE_LIMIT_PER_VOTING_MIN,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    reportTaskStaleMs: e.REPORT_TASK_STALE_SECONDS * 1000,
  };
}
