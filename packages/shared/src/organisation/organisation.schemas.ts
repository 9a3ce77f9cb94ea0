import { z } from 'zod';
import { USER_STATUSES } from '../account/account.schemas.ts';
import { email, formBoolean, id, latinOnly, optionalFilter, optionalText, paging, phone, requiredMultiline, requiredText, text } from '../fields.ts';
import { LOCALES } from '../limits.ts';
import { COMPANY_ROLES, ROLES } from '../roles.ts';

/** The spec's general statuses, as companies use them. */
export const COMPANY_STATUSES = ['new', 'confirmed', 'in_progress', 'removed'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** A domain name such as acme.com (no scheme, no @). */
const DOMAIN_RE = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => v === '' || DOMAIN_RE.test(v), 'validation.domain')
  .nullish()
  .transform((v) => (v ? v : null));

// ---- companies

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  isActive: z.boolean(),
  createdAt: z.string(),
  people: z.number(),
  activePeople: z.number(),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORTS = ['name', 'domain', 'status', 'createdAt', 'people'] as const;
export const companyListQuery = paging.extend({
  sort: optionalFilter(z.enum(COMPANY_SORTS)),
  isActive: optionalFilter(formBoolean),
  status: optionalFilter(z.enum(COMPANY_STATUSES)),
});
export type CompanyListQuery = z.input<typeof companyListQuery>;

export const companyBody = z.object({
  name: requiredText(),
  domain: domainField,
  status: z.enum(COMPANY_STATUSES, { error: 'validation.invalid' }).default('new'),
});
export type CompanyInput = z.input<typeof companyBody>;
/** On update an omitted status or domain keeps its stored value. */
export const companyUpdateBody = companyBody.extend({
  id,
  domain: domainField.optional(),
  status: z.enum(COMPANY_STATUSES, { error: 'validation.invalid' }).optional(),
});

/** Sets an object's active flag to the given value (idempotent, unlike a blind flip). */
export const toggleBody = z.object({ id, isActive: formBoolean });

export const companyToggleResult = z.object({
  company: companySchema,
  /** What the cascade did: people switched off, sessions ended, subscriptions removed. */
  deactivatedPeople: z.number(),
  endedSessions: z.number(),
  removedSubscriptions: z.number(),
});

// ---- people

export const personSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  position: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isActive: z.boolean(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const USER_SORTS = ['surname', 'email', 'company', 'role', 'status', 'createdAt'] as const;
export const userFilters = z.object({
  companyId: optionalFilter(id),
  role: optionalFilter(z.enum(COMPANY_ROLES)),
  status: optionalFilter(z.enum(USER_STATUSES)),
  isActive: optionalFilter(formBoolean),
  search: text(100).optional(),
});
export const userListQuery = paging.extend({ sort: optionalFilter(z.enum(USER_SORTS)) }).merge(userFilters);
export type UserListQuery = z.input<typeof userListQuery>;

const personFields = {
  name: requiredText(100),
  surname: requiredText(100),
  position: latinOnly(),
  phone,
  email,
};

/** A company person; staff and admin name the company, ceo and trusted always act on their own. */
export const employeeBody = z.object({
  ...personFields,
  // Any role is accepted here so that a role the caller may not give is refused with 403, not 400.
  role: z.enum(ROLES, { error: 'validation.invalid' }).default('employee'),
  companyId: optionalFilter(id),
});
export type EmployeeInput = z.input<typeof employeeBody>;
/** On update an omitted role, company or status keeps its stored value. */
export const employeeUpdateBody = employeeBody.extend({
  id,
  role: z.enum(ROLES, { error: 'validation.invalid' }).optional(),
  status: optionalFilter(z.enum(USER_STATUSES, { error: 'validation.invalid' })),
});
export type EmployeeUpdateInput = z.input<typeof employeeUpdateBody>;

export const AIPM_ROLES = ['staff', 'admin'] as const;
export const aipmEmployeeBody = z.object({ ...personFields, role: z.enum(AIPM_ROLES, { error: 'validation.invalid' }).default('staff') });
export type AipmEmployeeInput = z.input<typeof aipmEmployeeBody>;
export const aipmEmployeeUpdateBody = aipmEmployeeBody.extend({ id });

export const idBody = z.object({ id });

export const DOWNLOAD_FORMATS = ['xlsx', 'csv'] as const;
export const downloadQuery = userFilters.extend({ format: z.enum(DOWNLOAD_FORMATS).default('xlsx') });

// ---- signup requests ("applications")

export const APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
export const applicationSchema = z.object({
  id: z.number(),
  company: z.string(),
  name: z.string(),
  surname: z.string(),
  position: z.string(),
  phone: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The company whose e-mail domain matches the applicant's (never a public mail domain). */
  suggestedCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationListQuery = paging.extend({
  status: optionalFilter(z.enum(APPLICATION_STATUSES)),
  sort: optionalFilter(z.enum(['createdAt', 'surname', 'company'])),
});
/** Approve into an existing company, or create one with the given name. */
export const approveBody = z
  .object({
    id,
    companyId: optionalFilter(id),
    newCompanyName: optionalText(),
    role: z.enum(COMPANY_ROLES, { error: 'validation.invalid' }).default('employee'),
  })
  .refine((v) => v.companyId !== undefined || v.newCompanyName, { path: ['companyId'], message: 'validation.companyRequired' });
export const rejectBody = z.object({ id, reason: requiredMultiline(1000) });

// ---- bulk import

export const IMPORT_OUTCOMES = ['new', 'known', 'invalid'] as const;
export const importRow = z.object({
  line: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  position: z.string(),
  phone: z.string(),
  role: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** Why a row is invalid or known: translated messages per field. */
  reasons: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRow>;
export const importPreview = z.object({ rows: z.array(importRow), created: z.number() });
/** Multipart fields besides the file. */
export const importFields = z.object({ companyId: id, commit: formBoolean.default(false) });

// ---- the users' log

export const logEntrySchema = z.object({
  id: z.number(),
  /** Which log: users, vote, digest, … */
  domain: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().nullable(),
  entityLabel: z.string().nullable(),
  actor: z.object({ id: z.number(), name: z.string(), surname: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  viewed: z.boolean(),
  /** The caller's address: kept for the security log's entries only (null in every other log). */
  ip: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logListQuery = paging.extend({
  sort: optionalFilter(z.enum(['at'])),
  order: z.enum(['asc', 'desc']).default('desc'),
  action: text(64).optional(),
  actorId: optionalFilter(id),
  viewed: optionalFilter(formBoolean),
  from: optionalFilter(z.iso.date({ error: 'validation.invalid' })),
  to: optionalFilter(z.iso.date({ error: 'validation.invalid' })),
});
export const logViewedQuery = z.object({ id });

// ---- what awaits staff

export const dashboardSchema = z.object({
  pendingApplications: z.number(),
  unviewedUsersLog: z.number(),
  /** Unviewed entries of the committees' log and membership requests not yet decided. */
  unviewedCommitteeLog: z.number(),
  openMembershipRequests: z.number(),
  companies: z.object({ active: z.number(), inactive: z.number() }),
  people: z.object({ active: z.number(), inactive: z.number() }),
  /** Active admin and staff accounts without two-factor sign-in. */
  staffWithoutSecondFactor: z.number(),
});
