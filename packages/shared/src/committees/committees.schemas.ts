import { z } from 'zod';
import { formBoolean, id, int, multiline, optionalFilter, pageOf, paging, requiredText } from '../fields.ts';
import { messageFields } from '../mail/mail.schemas.ts';
import { DOWNLOAD_FORMATS } from '../organisation/organisation.schemas.ts';

/** A committee, or a working group under one (`parentId`), as lists and choices show it. */
export const committeeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  nameEn: z.string(),
  nameRu: z.string(),
});
export type Committee = z.infer<typeof committeeSchema>;

/** A committee or group with what the pages show of it. */
export const committeeDetailsSchema = committeeSchema.extend({
  detailsEn: z.string(),
  detailsRu: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Member companies may add and remove their own members directly (otherwise they request membership). */
  selfService: z.boolean(),
});
export type CommitteeDetails = z.infer<typeof committeeDetailsSchema>;

/** The staff's view of one committee or group: everything, active or not, with what deleting it would take along. */
export const committeeAdminSchema = committeeDetailsSchema.extend({
  groups: z.number().int(),
  members: z.number().int(),
  subscribers: z.number().int(),
  openRequests: z.number().int(),
});
export type CommitteeAdmin = z.infer<typeof committeeAdminSchema>;

const committeeFields = {
  nameEn: requiredText(200),
  nameRu: requiredText(200),
  detailsEn: multiline(5000).default(''),
  detailsRu: multiline(5000).default(''),
  position: int(0).default(0),
  selfService: formBoolean.default(false),
};
export const committeeBody = z.object(committeeFields);
export const committeeUpdateBody = z.object({ id, ...committeeFields });
/** A working group always has its committee. */
export const workingGroupBody = z.object({ parentId: id, ...committeeFields });
export const workingGroupUpdateBody = z.object({ id, parentId: id, ...committeeFields });
export const committeeIdBody = z.object({ id });
export const committeeActiveBody = z.object({ id, isActive: formBoolean });

// ---- members

/** The positions a member can hold; anything else is a free title. */
export const MEMBER_POSITIONS = ['chair', 'deputy', 'secretary', 'member'] as const;
/** Whether a position is one of MEMBER_POSITIONS (said in words) rather than a free title (shown as typed). */
export const isNamedPosition = (position: string): boolean => (MEMBER_POSITIONS as readonly string[]).includes(position);

const isoDay = z.iso.date({ error: 'validation.invalid' });

export const memberSchema = z.object({
  id: z.number().int(),
  committeeId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** One of MEMBER_POSITIONS, or a free title. */
  position: z.string(),
  since: z.string(),
  until: z.string().nullable(),
  /** The term runs today. */
  current: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_TERMS = ['current', 'past', 'all'] as const;
export const MEMBER_SORTS = ['name', 'company', 'position', 'since'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const memberListQuery = paging.extend({
  committeeId: id,
  sort: optionalFilter(z.enum(MEMBER_SORTS)),
  term: z.enum(MEMBER_TERMS, { error: 'validation.invalid' }).default('current'),
});
export const memberDownloadQuery = z.object({
  committeeId: id,
  term: z.enum(MEMBER_TERMS, { error: 'validation.invalid' }).default('current'),
  format: z.enum(DOWNLOAD_FORMATS, { error: 'validation.invalid' }).default('xlsx'),
});

const termFields = {
  position: requiredText(100),
  since: isoDay,
  until: z.preprocess((v) => (v === '' ? null : v), isoDay.nullish()).transform((v) => v ?? null),
};
const untilAfterSince = (v: { since: string; until: string | null }) => v.until === null || v.until >= v.since;
const untilError = { message: 'committees.validation.untilBeforeSince', path: ['until'] };
export const addMemberBody = z.object({ committeeId: id, userId: id, ...termFields }).refine(untilAfterSince, untilError);
export const updateMemberBody = z.object({ id, ...termFields }).refine(untilAfterSince, untilError);
export const memberIdQuery = z.object({ id });

// ---- membership requests

/** The spec's general statuses: New, In progress, Confirmed, Removed. */
export const REQUEST_STATUSES = ['new', 'inProgress', 'confirmed', 'removed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const membershipRequestSchema = z.object({
  id: z.number().int(),
  committee: committeeSchema,
  person: z.object({ id: z.number().int(), name: z.string(), surname: z.string(), email: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  requestedBy: z.object({ id: z.number().int(), name: z.string(), surname: z.string() }),
  status: z.enum(REQUEST_STATUSES),
  /** The position asked for (a member, unless the company proposes a chair, …). */
  position: z.string(),
  note: z.string(),
  /** A nomination letter (PDF) is attached. */
  hasLetter: z.boolean(),
  /** Why it was removed. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;

export const REQUEST_SORTS = ['createdAt', 'status', 'company'] as const;
export const requestListQuery = paging.extend({
  sort: optionalFilter(z.enum(REQUEST_SORTS)),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: optionalFilter(z.enum(REQUEST_STATUSES, { error: 'validation.invalid' })),
  committeeId: optionalFilter(id),
});

/** Multipart fields of a person's own request (the letter, a PDF, is the file field `letter`). */
export const ownMembershipFields = z.object({ committeeId: id, note: multiline(2000).default('') });
/** Multipart fields of a company's request for one of its people. */
export const companyMembershipFields = ownMembershipFields.extend({ userId: id, position: requiredText(100).default('member') });

export const requestIdBody = z.object({ id });
export const confirmRequestBody = z.object({ id, since: isoDay.optional() });
export const removeRequestBody = z.object({ id, reason: multiline(1000).min(1, 'validation.required') });

// ---- the company's side

/** A committee or group as a company person sees it: details, and their own membership, request and subscription. */
export const ownCommitteeSchema = committeeDetailsSchema.omit({ active: true }).extend({
  membership: z.object({ position: z.string(), since: z.string(), until: z.string().nullable() }).nullable(),
  request: z.object({ id: z.number().int(), status: z.enum(REQUEST_STATUSES) }).nullable(),
  subscribed: z.boolean(),
});
export type OwnCommittee = z.infer<typeof ownCommitteeSchema>;

export const subscribeBody = z.object({ committeeId: id, subscribed: formBoolean });

const personRef = z.object({ userId: z.number().int(), name: z.string(), surname: z.string(), email: z.string() });
/** One committee or group with the caller's company's members and subscribers (ceo and trusted). */
export const companyCommitteeSchema = committeeDetailsSchema.omit({ active: true }).extend({
  members: z.array(personRef.extend({ memberId: z.number().int(), position: z.string(), since: z.string(), until: z.string().nullable() })),
  subscribers: z.array(personRef),
});
export type CompanyCommittee = z.infer<typeof companyCommitteeSchema>;

// ---- subscribers and the distribution list

export const subscriberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The person or their company is switched off: they receive nothing until switched on. */
  active: z.boolean(),
  since: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberListQuery = paging.extend({ committeeId: id, sort: optionalFilter(z.enum(['name', 'company', 'since'])) });
export const subscriberBody = z.object({ committeeId: id, userId: id });

/** How each row of an uploaded list of e-mails was read. */
export const SUBSCRIBER_ROW_STATUSES = ['matched', 'unknown', 'inactive', 'malformed', 'otherCompany', 'duplicate'] as const;
export const subscriberPreviewSchema = z.object({
  rows: z.array(
    z.object({
      /** The line of the file (or of the typed list) the row came from. */
      line: z.number().int(),
      email: z.string(),
      status: z.enum(SUBSCRIBER_ROW_STATUSES),
      person: z.object({ userId: z.number().int(), name: z.string(), surname: z.string(), company: z.string() }).nullable(),
    }),
  ),
  /** The subscribers the list would make, against those there are now. */
  added: z.number().int(),
  removed: z.number().int(),
  /** Whether the list was saved (commit=true) or only previewed. */
  saved: z.boolean(),
});
export type SubscriberPreview = z.infer<typeof subscriberPreviewSchema>;
/**
 * Multipart fields of setting a committee's subscribers from a file (field `file`, CSV or Excel) or from typed
 * e-mails, one per line: the list replaces the subscribers (a company's: its own people's only).
 */
export const subscriberListFields = z.object({ committeeId: id, emails: multiline(200_000).default(''), commit: formBoolean.default(false) });

export const distributionRowSchema = z.object({
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  company: z.string(),
  member: z.boolean(),
  subscriber: z.boolean(),
});
export type DistributionRow = z.infer<typeof distributionRowSchema>;
/** A page of the distribution list, searched by name, e-mail or company, by surname (or company, or e-mail). */
export const distributionQuery = paging.extend({ committeeId: id, sort: optionalFilter(z.enum(['name', 'company', 'email'])) });
/** The whole list, for the addresses copied in one click and the downloads. */
export const distributionListQuery = z.object({ committeeId: id });
export const distributionDownloadQuery = distributionListQuery.extend({
  format: z.enum(DOWNLOAD_FORMATS, { error: 'validation.invalid' }).default('xlsx'),
});

// ---- statistics

export const committeeStatSchema = z.object({
  rows: z.array(
    committeeSchema.extend({
      active: z.boolean(),
      members: z.number().int(),
      subscribers: z.number().int(),
      /** Companies with at least one current member. */
      companies: z.number().int(),
    }),
  ),
  /** Active member companies, and those with a current member of any committee or group. */
  activeCompanies: z.number().int(),
  takingPart: z.number().int(),
});
export type CommitteeStat = z.infer<typeof committeeStatSchema>;

export const memberPageSchema = pageOf(memberSchema);
export const requestPageSchema = pageOf(membershipRequestSchema);
export const subscriberPageSchema = pageOf(subscriberSchema);
export const distributionPageSchema = pageOf(distributionRowSchema);

// ---- mailings

/** A mailing as its list shows it, with how its messages are going (queued includes those being retried). */
export const mailingSummarySchema = z.object({
  id: z.number().int(),
  committeeId: z.number().int(),
  subjectEn: z.string(),
  subjectRu: z.string(),
  author: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type MailingSummary = z.infer<typeof mailingSummarySchema>;
export const mailingSchema = mailingSummarySchema.extend({ bodyEn: z.string(), bodyRu: z.string() });
export type Mailing = z.infer<typeof mailingSchema>;
export const mailingListQuery = paging.extend({ committeeId: id });
export const mailingIdQuery = z.object({ id });
/** A mailing to a committee's or group's distribution list, in both languages (each recipient gets theirs). */
export const mailingBody = z.object({ committeeId: id, ...messageFields });

/** The one-click unsubscribe link's token. */
export const unsubscribeQuery = z.object({ token: z.string().regex(/^[\w-]{20,64}$/, 'validation.invalid') });
/** What an unsubscribe link is about; `done` once it has been used. */
export const unsubscribeSchema = z.object({ committee: committeeSchema, email: z.string(), done: z.boolean() });
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;
