import { z } from 'zod';
import { dateTime, email, formBoolean, id, int, optionalText, paging, requiredMultiline, requiredText, text } from '../fields.ts';
import { LIMITS, LOCALES } from '../limits.ts';
import { VOTING_STATUSES } from './voting.status.ts';

export const VOTING_UNITS = ['company', 'person'] as const;
export type VotingUnit = (typeof VOTING_UNITS)[number];
export const ELIGIBILITY = ['all', 'companies'] as const;
export const RESPONSE_STATUSES = ['valid', 'rejected', 'deleted'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

const count = () => int(0);

export const votingOptionInput = z.object({
  seq: int(1),
  name: requiredText(500),
  comment: optionalText(1000),
});

/** A voting as staff create and edit it; the cross-field rules of spec §5 put each message on its field. */
export const votingBody = z
  .object({
    title: requiredText(300),
    question: requiredMultiline(4000),
    language: z.enum(LOCALES, { error: 'validation.invalid' }),
    startsAt: dateTime,
    endsAt: dateTime,
    /** Starts and stops by itself at its dates. */
    autoStart: z.boolean().default(false),
    options: z.array(votingOptionInput).max(LIMITS.idsMax, 'validation.optionsCount'),
    multiple: z.boolean().default(false),
    minAnswers: count().default(1),
    maxAnswers: count().default(1),
    quorum: count().nullable().default(null),
    /** Empty: the number of eligible voters when the voting starts. */
    maxResponses: count().nullable().default(null),
    unit: z.enum(VOTING_UNITS).default('company'),
    eligibility: z.enum(ELIGIBILITY).default('all'),
    companyIds: z.array(id).max(LIMITS.idsMax, 'validation.invalid').default([]),
    secret: z.boolean().default(false),
    /** The public form confirms the voter's e-mail with a one-time code. */
    requireCode: z.boolean().default(true),
    publishResults: z.boolean().default(false),
    showCounts: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const n = v.options.length;
    if (n < LIMITS.votingOptionsMin || n > LIMITS.votingOptionsMax) issue('options', 'validation.optionsCount');
    const min = v.multiple ? v.minAnswers : 1;
    const max = v.multiple ? v.maxAnswers : 1;
    if (min < 1) issue('minAnswers', 'validation.minAnswersAtLeastOne');
    else if (min > max) issue('minAnswers', 'validation.minAboveMax');
    // Only a multiple-choice voting has a maximum to compare; too few options is said on the options themselves.
    if (v.multiple && n >= LIMITS.votingOptionsMin && max >= n) issue('maxAnswers', 'validation.answersBelowOptions');
    if (v.quorum !== null && v.maxResponses !== null && v.quorum > v.maxResponses) issue('quorum', 'validation.quorumAboveMax');
    if (v.maxResponses === 0) issue('maxResponses', 'validation.invalid');
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) issue('endsAt', 'validation.endBeforeStart');
    if (v.eligibility === 'companies' && v.companyIds.length === 0) issue('companyIds', 'validation.chooseCompanies');
    const seqs = new Set(v.options.map((o) => o.seq));
    if (seqs.size !== n) issue('options', 'validation.optionSeqUnique');
  })
  .transform((v) => ({
    ...v,
    minAnswers: v.multiple ? v.minAnswers : 1,
    maxAnswers: v.multiple ? v.maxAnswers : 1,
    options: [...v.options].sort((a, b) => a.seq - b.seq).map((o, i) => ({ ...o, seq: i + 1 })),
  }));
export type VotingInput = z.input<typeof votingBody>;

export const votingUpdateBody = z.object({ id, voting: votingBody, confirmDeleteVotes: z.boolean().default(false) });

export const votingOption = z.object({ id: z.number(), seq: z.number(), name: z.string(), comment: z.string().nullable() });

export const votingSummary = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  language: z.enum(LOCALES),
  status: z.enum(VOTING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  responses: z.number(),
  maxResponses: z.number().nullable(),
  publishResults: z.boolean(),
});
export type VotingSummary = z.infer<typeof votingSummary>;

export const votingDetail = votingSummary.extend({
  /** The maximum as staff set it (null: the eligible voters at the start); `maxResponses` is the ceiling in force. */
  maxResponsesSet: z.number().nullable(),
  question: z.string(),
  autoStart: z.boolean(),
  options: z.array(votingOption),
  multiple: z.boolean(),
  minAnswers: z.number(),
  maxAnswers: z.number(),
  quorum: z.number().nullable(),
  unit: z.enum(VOTING_UNITS),
  eligibility: z.enum(ELIGIBILITY),
  /** The companies that may vote when eligibility is 'companies', by name. */
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  secret: z.boolean(),
  requireCode: z.boolean(),
  showCounts: z.boolean(),
  quorumReached: z.boolean().nullable(),
  eligibleVoters: z.number(),
  author: z.string().nullable(),
  link: z.string(),
  createdAt: z.string(),
});
export type VotingDetail = z.infer<typeof votingDetail>;

export const votingListQuery = paging.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(VOTING_STATUSES).optional()),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['startsAt', 'title', 'status']).optional()),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const votingIdQuery = z.object({ id });
/** Deleting a voting sent back to planning with its votes needs confirmDeleteVotes=true (else 409 with the count). */
export const votingDeleteQuery = votingIdQuery.extend({ confirmDeleteVotes: formBoolean.default(false) });
export const votingIdBody = z.object({ id });
export const nextStatusBody = z.object({ id, from: z.enum(VOTING_STATUSES, { error: 'validation.invalid' }) });
export const resumeBody = z.object({ id, endsAt: dateTime.optional() });
export const publishBody = z.object({ id, publishResults: z.boolean(), showCounts: z.boolean() });

/** The answers of one response: option ids. */
export const answersField = z.array(id).min(1, 'validation.chooseAnswer').max(LIMITS.idsMax, 'validation.invalid');
export const voterResponseBody = z.object({ votingId: id, optionIds: answersField });
export const staffResponseBody = z.object({ votingId: id, userId: id, optionIds: answersField });
export const updateResponseBody = z.object({ responseId: id, optionIds: answersField });
export const responseIdBody = z.object({ responseId: id });
export const responseIdQuery = z.object({ responseId: id });
export const rejectResponseBody = z.object({ responseId: id, reason: requiredMultiline(1000) });

export const receiptSchema = z.object({ receipt: z.string(), at: z.string() });

export const responseRow = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string() }),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  at: z.string(),
  /** Absent in a secret voting. */
  optionIds: z.array(z.number()).nullable(),
  status: z.enum(RESPONSE_STATUSES),
  reason: z.string().nullable(),
  source: z.enum(['portal', 'public', 'staff']),
});
export const responseListQuery = paging.extend({ id, status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RESPONSE_STATUSES).optional()) });

export const statsSchema = z.object({
  options: z.array(z.object({ id: z.number(), seq: z.number(), name: z.string(), count: z.number().nullable(), share: z.number() })),
  responses: z.number(),
  maxResponses: z.number(),
  responseRatio: z.number(),
  quorum: z.number().nullable(),
  quorumReached: z.boolean().nullable(),
  eligibleVoters: z.number(),
  /** The voting's start notices and reminders in the outbox (staff only). */
  notices: z.object({ queued: z.number(), sent: z.number(), failed: z.number() }),
});
export type VotingStats = z.infer<typeof statsSchema>;

export const turnoutSchema = z.object({
  companies: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      voted: z.boolean(),
      voters: z.array(z.object({ id: z.number(), name: z.string(), surname: z.string(), voted: z.boolean() })),
    }),
  ),
  eligibleVoters: z.number(),
  voted: z.number(),
});

/** What a voter sees: the voting, their own response, and results once published. endsAt is when it ends or ended (stopped by hand: that moment). */
export const voterVoting = votingDetail
  .pick({
    id: true,
    title: true,
    question: true,
    language: true,
    status: true,
    startsAt: true,
    endsAt: true,
    options: true,
    multiple: true,
    minAnswers: true,
    maxAnswers: true,
    secret: true,
    publishResults: true,
    showCounts: true,
  })
  .extend({
    myResponse: z.object({ optionIds: z.array(z.number()), at: z.string(), receipt: z.string(), status: z.enum(RESPONSE_STATUSES) }).nullable(),
    /** When the company has already voted through someone else (voting unit: company). */
    companyVotedBy: z.string().nullable(),
    /** Published results; with "only percentages" every number that would give a count away is left out. */
    results: statsSchema
      .omit({ notices: true })
      .extend({
        responses: z.number().nullable(),
        maxResponses: z.number().nullable(),
        quorum: z.number().nullable(),
        eligibleVoters: z.number().nullable(),
      })
      .nullable(),
  });
export type VoterVoting = z.infer<typeof voterVoting>;

// ---- the public form

const slug = text(64).min(1, 'validation.required');
export const slugQuery = z.object({ slug });
export const publicVoting = votingDetail.pick({
  title: true,
  question: true,
  language: true,
  status: true,
  startsAt: true,
  endsAt: true,
  options: true,
  multiple: true,
  minAnswers: true,
  maxAnswers: true,
  requireCode: true,
});
export const checkUserBody = z.object({ slug, email });
/** codeSent: the voting asks for a code and one is on its way; newCode false: the one sent less than a minute ago still holds. */
export const checkUserResult = z.object({ codeSent: z.boolean(), newCode: z.boolean() });
export const noAuthResponseBody = z.object({
  slug,
  email,
  code: text(12).optional(),
  optionIds: answersField,
});
