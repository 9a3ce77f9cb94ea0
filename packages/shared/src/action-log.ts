/**
 * Every action code the logs hold, per log. The server writes only these (its log entry's `action` is typed by them)
 * and the screens name them (the catalogues' `logAction` keys) and filter by them, so a code lives in one place.
 */
export const USERS_LOG_ACTIONS = [
  'company.added',
  'company.updated',
  'company.activated',
  'company.deactivated',
  'user.added',
  'user.updated',
  'user.role_changed',
  'user.activated',
  'user.deactivated',
  'user.joined',
  'user.code_regenerated',
  'user.imported',
  'staff.added',
  'staff.updated',
  'staff.role_changed',
  'signup.requested',
  'application.approved',
  'application.rejected',
] as const;

export const VOTE_LOG_ACTIONS = [
  'voting.created',
  'voting.updated',
  'voting.deleted',
  'voting.start',
  'voting.stop',
  'voting.resume',
  'voting.archive',
  'voting.toPlan',
  'voting.published',
  'voting.withdrawn',
  'voting.reminded',
  'response.recorded',
  'response.corrected',
  'response.rejected',
  'response.deleted',
  'response.restored',
] as const;

export const DIGEST_LOG_ACTIONS = ['digest.created', 'digest.updated', 'digest.deleted'] as const;

export const DOCUMENT_LOG_ACTIONS = ['document.created', 'document.updated', 'document.deleted'] as const;

export const HELP_LOG_ACTIONS = [
  'help.created',
  'help.updated',
  'help.deleted',
  'help.moved',
  'guide.uploaded',
  'codex.updated',
  'codex.pdf_uploaded',
] as const;

export const EVENT_LOG_ACTIONS = [
  'event.created',
  'event.updated',
  'event.moved',
  'event.deleted',
  'registration.created',
  'registration.cancelled',
  'registration.moved_up',
] as const;

export const COMMITTEE_LOG_ACTIONS = [
  'committee.created',
  'committee.updated',
  'committee.activated',
  'committee.deactivated',
  'committee.deleted',
  'member.added',
  'member.updated',
  'member.removed',
  'request.created',
  'request.taken',
  'request.confirmed',
  'request.removed',
  'request.withdrawn',
  'subscriber.added',
  'subscriber.removed',
  'subscribers.set',
  'subscriber.unsubscribed',
  'mailing.sent',
  'template.created',
  'template.updated',
  'template.deleted',
  'template.imageAdded',
  'settings.updated',
] as const;

/** The survey's log: areas, periods, catalogue files, reviews, reminders, the test company, statistics, reports, distributors and credit data. */
export const SURVEY_LOG_ACTIONS = [
  'areas.updated',
  'period.created',
  'period.updated',
  'period.moved',
  'datafile.uploaded',
  'datafile.applied',
  'surveyResponse.edited',
  'surveyResponse.incumbentsImported',
  'surveyResponse.incumbentsRemoved',
  'surveyResponse.returned',
  'surveyResponse.accepted',
  'surveyResponse.excluded',
  'surveyResponse.reopened',
  'surveyResponse.reset',
  'surveyResponse.deadlineExtended',
  'survey.reminded',
  'company.testFlagged',
  'snapshot.frozen',
  'report.created',
  'report.generated',
  'report.published',
  'report.accessChanged',
  'staffData.updated',
  'distributor.created',
  'distributor.updated',
  'distributor.merged',
  'distributorGroup.created',
  'distributorGroup.updated',
  'creditSubmission.saved',
  'creditSubmission.submitted',
  'creditSubmission.returned',
  'creditSubmission.accepted',
  'distributorRequest.created',
  'distributorRequest.added',
  'distributorRequest.refused',
] as const;

/** Sign-ins and account events: the security log, which admin reads in the history (its `security` area). */
export const SECURITY_LOG_ACTIONS = [
  'login',
  'login.failed',
  'logout',
  'session.ended',
  'sessions.ended_others',
  'password.changed',
  'login.second_factor_failed',
  'two_factor.started',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.reset',
  'recovery_code.used',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'login.passkey',
  'login.passkey_failed',
  'password.reset_requested',
  'password.reset',
  'password.first_set',
  'profile.updated',
  'locale.changed',
  'signup.existing',
  'calendar_feed.created',
  'calendar_feed.revoked',
  'retention.purged',
  'personal_data.exported',
  'erasure.requested',
  'erasure.withdrawn',
  'erasure.confirmed',
  'erasure.refused',
  'policy.accepted',
  'login.locked',
] as const;

export type LogAction =
  | (typeof USERS_LOG_ACTIONS)[number]
  | (typeof VOTE_LOG_ACTIONS)[number]
  | (typeof DIGEST_LOG_ACTIONS)[number]
  | (typeof HELP_LOG_ACTIONS)[number]
  | (typeof DOCUMENT_LOG_ACTIONS)[number]
  | (typeof EVENT_LOG_ACTIONS)[number]
  | (typeof COMMITTEE_LOG_ACTIONS)[number]
  | (typeof SURVEY_LOG_ACTIONS)[number]
  | (typeof SECURITY_LOG_ACTIONS)[number];

/** The catalogue namespace that names each log's actions (`logAction`), objects (`logEntity`) and fields (`logField`). */
export const LOG_NAMESPACES = {
  users: 'organisation',
  vote: 'voting',
  digest: 'content',
  help: 'content',
  documents: 'content',
  events: 'content',
  committee: 'committees',
  survey: 'surveyAdmin',
  security: 'account',
} as const;

/** An action code as a catalogue key: `voting.created` → `voting_created` (a dot would nest it). */
export const logActionKey = (action: string): string => action.replaceAll('.', '_');
