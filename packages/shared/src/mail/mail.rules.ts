/** The kinds of e-mail the portal sends; each has a built-in template (seeded, editable, never deleted). */
export const MAIL_TYPES = [
  'resetPassword',
  'firstPassword',
  'signupReceived',
  'signupExisting',
  'applicationRejected',
  'votingStarted',
  'votingReminder',
  'voteReceipt',
  'votingCode',
  'emailChanged',
  'newSignIn',
  'passwordChanged',
  'twoFactorAdded',
  'twoFactorRemoved',
  'passkeyAdded',
  'digestPublished',
  'eventRegistered',
  'eventWaitlisted',
  'eventSeatGiven',
  'eventReminder',
  'eventChanged',
  'eventCancelled',
  'committeeRequestReceived',
  'committeeRequestConfirmed',
  'committeeRequestRemoved',
  'committeeMemberAdded',
  'committeeMailing',
  'surveyReminder',
  'surveyReturned',
  'surveySubmitted',
  'reportPublished',
  'creditReturned',
  'distributorAdded',
  'distributorRefused',
  'erasureRefused',
] as const;
export type MailType = (typeof MAIL_TYPES)[number];

/** The committee events whose template the committees' settings choose; a type may have several templates. */
export const COMMITTEE_MAIL_EVENTS = {
  requestReceived: 'committeeRequestReceived',
  requestConfirmed: 'committeeRequestConfirmed',
  requestRemoved: 'committeeRequestRemoved',
  memberAdded: 'committeeMemberAdded',
  mailing: 'committeeMailing',
} as const satisfies Record<string, MailType>;
export type CommitteeMailEvent = keyof typeof COMMITTEE_MAIL_EVENTS;
export const COMMITTEE_MAIL_EVENT_NAMES = Object.keys(COMMITTEE_MAIL_EVENTS) as CommitteeMailEvent[];

/** The types admin may add further templates of (the settings pick one); every other type has its one built-in template. */
export const isSelectableMailType = (type: MailType): boolean => (Object.values(COMMITTEE_MAIL_EVENTS) as MailType[]).includes(type);

/**
 * The placeholders each type fills ({{name}} is everyone's); `required` ones a template of the type must hold, since the
 * e-mail is useless without them (the link to act on, the code, the receipt).
 */
export const MAIL_PLACEHOLDERS: Record<MailType, { required: readonly string[]; optional: readonly string[] }> = {
  resetPassword: { required: ['link'], optional: ['name'] },
  firstPassword: { required: ['link'], optional: ['name', 'email'] },
  signupReceived: { required: [], optional: ['name', 'company'] },
  signupExisting: { required: ['link'], optional: ['name'] },
  applicationRejected: { required: [], optional: ['name', 'company', 'reason'] },
  votingStarted: { required: ['link'], optional: ['name', 'title', 'endsAt'] },
  votingReminder: { required: ['link'], optional: ['name', 'title', 'endsAt'] },
  voteReceipt: { required: ['receipt'], optional: ['name', 'title', 'at'] },
  votingCode: { required: ['code'], optional: ['name', 'title'] },
  emailChanged: { required: [], optional: ['name', 'email'] },
  newSignIn: { required: [], optional: ['name', 'browser', 'system', 'address', 'at', 'link'] },
  passwordChanged: { required: [], optional: ['name', 'at', 'link'] },
  twoFactorAdded: { required: [], optional: ['name', 'at', 'link'] },
  twoFactorRemoved: { required: [], optional: ['name', 'at', 'link'] },
  passkeyAdded: { required: [], optional: ['name', 'passkey', 'at', 'link'] },
  digestPublished: { required: ['link'], optional: ['name', 'title'] },
  eventRegistered: { required: [], optional: ['name', 'title', 'at', 'place', 'link'] },
  eventWaitlisted: { required: [], optional: ['name', 'title', 'at', 'turn', 'link'] },
  eventSeatGiven: { required: [], optional: ['name', 'title', 'at', 'place', 'link'] },
  eventReminder: { required: [], optional: ['name', 'title', 'at', 'place', 'link'] },
  eventChanged: { required: [], optional: ['name', 'title', 'at', 'place', 'link'] },
  eventCancelled: { required: [], optional: ['name', 'title', 'at'] },
  committeeRequestReceived: { required: [], optional: ['name', 'title', 'person', 'link'] },
  committeeRequestConfirmed: { required: [], optional: ['name', 'title', 'person', 'since', 'link'] },
  committeeRequestRemoved: { required: [], optional: ['name', 'title', 'person', 'reason', 'link'] },
  committeeMemberAdded: { required: [], optional: ['name', 'title', 'position', 'since', 'link'] },
  committeeMailing: { required: [], optional: ['name', 'title'] },
  surveyReminder: { required: ['link'], optional: ['name', 'company', 'title', 'deadline', 'days'] },
  surveyReturned: { required: ['link'], optional: ['name', 'company', 'title', 'step', 'question'] },
  surveySubmitted: { required: ['link'], optional: ['name', 'company', 'title'] },
  reportPublished: { required: ['link'], optional: ['name', 'company', 'title', 'report'] },
  creditReturned: { required: ['link'], optional: ['name', 'company', 'title', 'question'] },
  distributorAdded: { required: ['link'], optional: ['name', 'distributor', 'inn'] },
  distributorRefused: { required: [], optional: ['name', 'distributor', 'inn', 'reason', 'link'] },
  erasureRefused: { required: [], optional: ['name', 'reason', 'link'] },
};

/** Every placeholder a type fills, required first. */
export const placeholdersOf = (type: MailType): string[] => [...MAIL_PLACEHOLDERS[type].required, ...MAIL_PLACEHOLDERS[type].optional];

const PLACEHOLDER_RE = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders a text holds, once each. */
export const placeholdersIn = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1] as string))];

/** What is wrong with a template's placeholders: required ones it lacks, and ones its type does not fill. */
function placeholderProblems(type: MailType, texts: string[]): { missing: string[]; unknown: string[] } {
  const used = new Set(texts.flatMap(placeholdersIn));
  const known = new Set(placeholdersOf(type));
  return {
    missing: MAIL_PLACEHOLDERS[type].required.filter((p) => !used.has(p)),
    unknown: [...used].filter((p) => !known.has(p)),
  };
}

/** A message's fields in both languages. */
export type MessageTexts = { subjectEn: string; subjectRu: string; bodyEn: string; bodyRu: string };
/** A field's problem: its message key and the placeholders it names ({{names}}). */
export type MessageProblem = { key: 'validation.placeholdersMissing' | 'validation.placeholdersUnknown'; names: string };

/**
 * The placeholder rule, by field, as server and screens both say it: each language's subject and body together hold
 * the type's required placeholders (said on the body), and no field holds one the type does not fill (said on it).
 */
export function messageProblems(type: MailType, m: MessageTexts): Partial<Record<keyof MessageTexts, MessageProblem>> {
  const problems: Partial<Record<keyof MessageTexts, MessageProblem>> = {};
  const known = new Set(placeholdersOf(type));
  const named = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ');
  for (const [subject, body] of [
    ['subjectEn', 'bodyEn'],
    ['subjectRu', 'bodyRu'],
  ] as const) {
    for (const field of [subject, body]) {
      const unknown = placeholdersIn(m[field]).filter((p) => !known.has(p));
      if (unknown.length) problems[field] = { key: 'validation.placeholdersUnknown', names: named(unknown) };
    }
    const { missing } = placeholderProblems(type, [m[subject], m[body]]);
    if (missing.length) problems[body] = { key: 'validation.placeholdersMissing', names: named(missing) };
  }
  return problems;
}

/**
 * An address a body's link may have: http(s) with a host, mailto, or {{link}}, the one placeholder that stands for a
 * whole address (any other value filled in there, a name or a title, could be made a link by whoever typed it).
 */
export function isAllowedMailHref(href: string): boolean {
  const value = href.trim();
  if (/^\{\{\s*link\s*\}\}$/.test(value)) return true;
  return /^mailto:[^\s@]+@[^\s@]+$/i.test(value) || WEB_ADDRESS.test(value);
}

/** http(s), a host, then anything without spaces. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@:]+(:\d+)?([/?#]\S*)?$/i;

/** An image's address in a body: http(s) with a host, never a placeholder. */
export const isAllowedMailImage = (src: string): boolean => WEB_ADDRESS.test(src.trim());

/** Fills {{placeholders}}; `encode` is applied to each value (HTML escaping for a body). */
export const fillPlaceholders = (text: string, params: Record<string, string>, encode: (v: string) => string = (v) => v): string =>
  text.replace(PLACEHOLDER_RE, (_, name: string) => encode(params[name] ?? ''));

/** Images a template may hold (checked by content on the server) and their largest size. */
export const TEMPLATE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const TEMPLATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
