/** The one error catalogue: code → HTTP status and message key (spec §8 and the issues). */
export const ERRORS = {
  VALIDATION: { status: 400, key: 'errors.validation' },
  NOTHING_TO_SAVE: { status: 400, key: 'errors.nothingToSave' },
  LINK_INVALID: { status: 400, key: 'errors.linkInvalid' },
  IMPORT_INVALID_FILE: { status: 400, key: 'errors.importInvalidFile' },
  CODE_INVALID: { status: 400, key: 'errors.codeInvalid' },
  CURRENT_PASSWORD_WRONG: { status: 400, key: 'errors.currentPasswordWrong' },
  BAD_CREDENTIALS: { status: 401, key: 'errors.incorrectLogin' },
  UNAUTHORIZED: { status: 401, key: 'errors.authorization' },
  FORBIDDEN: { status: 403, key: 'errors.noPermissions' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },
  VOTING_NOT_EXIST: { status: 404, key: 'errors.votingNotExist' },
  CONFLICT: { status: 409, key: 'errors.conflict' },
  EMAIL_TAKEN: { status: 409, key: 'errors.emailTaken' },
  CEO_EXISTS: { status: 409, key: 'errors.ceoExists' },
  COMPANY_NAME_TAKEN: { status: 409, key: 'errors.companyNameTaken' },
  COMPANY_INACTIVE: { status: 409, key: 'errors.companyInactive' },
  APPLICATION_DECIDED: { status: 409, key: 'errors.applicationDecided' },
  IMPORT_HAS_INVALID_ROWS: { status: 409, key: 'errors.importHasInvalidRows' },
  VOTING_OVER: { status: 409, key: 'errors.votingOver' },
  VOTES_WILL_BE_DELETED: { status: 409, key: 'errors.votesWillBeDeleted' },
  VOTING_DELETE_HAS_VOTES: { status: 409, key: 'errors.votingDeleteHasVotes' },
  VOTING_MOVE_IMPOSSIBLE: { status: 409, key: 'errors.votingMoveImpossible' },
  VOTING_END_PASSED: { status: 409, key: 'errors.votingEndPassed' },
  VOTING_NOT_PLANNED: { status: 409, key: 'errors.votingNotPlanned' },
  VOTING_FULL: { status: 409, key: 'errors.votingFull' },
  ALREADY_VOTED: { status: 409, key: 'errors.alreadyVoted' },
  COMPANY_ALREADY_VOTED: { status: 409, key: 'errors.companyAlreadyVoted' },
  PLACE_TAKEN: { status: 409, key: 'errors.placeTaken' },
  REGISTRATION_CLOSED: { status: 409, key: 'errors.registrationClosed' },
  SECRET_VOTING: { status: 409, key: 'errors.secretVoting' },
  NOT_ELIGIBLE: { status: 409, key: 'errors.notEligible' },
  VOTING_NOT_BEGUN: { status: 409, key: 'errors.votingNotBegun' },
  COMMITTEE_INACTIVE: { status: 409, key: 'errors.committeeInactive' },
  ALREADY_MEMBER: { status: 409, key: 'errors.alreadyMember' },
  REQUEST_OPEN: { status: 409, key: 'errors.requestOpen' },
  REQUEST_DECIDED: { status: 409, key: 'errors.requestDecided' },
  COMMITTEE_HAS_EVENTS: { status: 409, key: 'errors.committeeHasEvents' },
  MEMBERS_MANAGED_BY_ASSOCIATION: { status: 409, key: 'errors.membersManagedByAssociation' },
  TEMPLATE_BUILTIN: { status: 409, key: 'errors.templateBuiltin' },
  TEMPLATE_IN_USE: { status: 409, key: 'errors.templateInUse' },
  ACCESS_RIGHTS_FAILED: { status: 400, key: 'errors.accessRightsFailed' },
  // The survey's staff side: the words are the surveyAdmin catalogue's.
  PERIOD_CODE_TAKEN: { status: 409, key: 'surveyAdmin.errors.periodCodeTaken' },
  PERIOD_MOVE_IMPOSSIBLE: { status: 409, key: 'surveyAdmin.errors.periodMoveImpossible' },
  PERIOD_LOCKED: { status: 409, key: 'surveyAdmin.errors.periodLocked' },
  PERIOD_ANOTHER_OPEN: { status: 409, key: 'surveyAdmin.errors.periodAnotherOpen' },
  PERIOD_NOT_READY: { status: 409, key: 'surveyAdmin.errors.periodNotReady' },
  CATALOGUE_FROZEN: { status: 409, key: 'surveyAdmin.errors.catalogueFrozen' },
  DATAFILE_HAS_ERRORS: { status: 409, key: 'surveyAdmin.errors.datafileHasErrors' },
  DATAFILE_NOT_APPLICABLE: { status: 409, key: 'surveyAdmin.errors.datafileNotApplicable' },
  RESPONSE_MOVE_IMPOSSIBLE: { status: 409, key: 'surveyAdmin.errors.responseMoveImpossible' },
  RESPONSE_PUBLISHED: { status: 409, key: 'surveyAdmin.errors.responsePublished' },
  SURVEY_NOT_OPEN: { status: 409, key: 'surveyAdmin.errors.surveyNotOpen' },
  // Salary survey: the questionnaire (FILL)
  SURVEY_UNAVAILABLE: { status: 410, key: 'errors.surveyUnavailable' },
  SURVEY_STALE: { status: 409, key: 'survey.errors.stale' },
  SURVEY_READ_ONLY: { status: 409, key: 'survey.errors.readOnly' },
  SURVEY_INCOMPLETE: { status: 409, key: 'survey.errors.incomplete' },
  SURVEY_NOT_WITHDRAWABLE: { status: 409, key: 'survey.errors.notWithdrawable' },
  PAST_RESPONSES_UNAVAILABLE: { status: 409, key: 'errors.loadPastResponsesFailed' },
  SURVEY_NOT_TEMPLATE: { status: 400, key: 'survey.errors.notTemplate' },
  SURVEY_NOT_INCUMBENT_TEMPLATE: { status: 400, key: 'survey.errors.notIncumbentTemplate' },
  REPORT_NO_SNAPSHOT: { status: 409, key: 'reports.errors.noSnapshot' },
  REPORT_BUILDING: { status: 409, key: 'reports.errors.building' },
  REPORT_NOT_READY: { status: 409, key: 'reports.errors.notReady' },
  REPORT_TOO_FEW_RESPONSES: { status: 409, key: 'reports.errors.tooFewResponses' },
  // A staff member an admin has not named for a data scope: a business refusal, not a 403 (which logs the person out).
  STAFF_SCOPE_REQUIRED: { status: 409, key: 'reports.errors.scopeRequired' },
  // Distributors and credit data: the words are the credit catalogue's.
  DISTRIBUTOR_INN_TAKEN: { status: 409, key: 'creditData.errors.innTaken' },
  DISTRIBUTOR_MERGED: { status: 409, key: 'creditData.errors.merged' },
  DISTRIBUTOR_GROUP_TAKEN: { status: 409, key: 'creditData.errors.groupTaken' },
  CREDIT_STALE: { status: 409, key: 'creditData.errors.stale' },
  CREDIT_READ_ONLY: { status: 409, key: 'creditData.errors.readOnly' },
  CREDIT_AS_OF_FUTURE: { status: 409, key: 'creditData.errors.asOfFuture' },
  CREDIT_EMPTY: { status: 409, key: 'creditData.errors.empty' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
  RATE_LIMITED: { status: 429, key: 'errors.rateLimited' },
  CODE_LOCKED: { status: 429, key: 'errors.codeLocked' },
  INTERNAL: { status: 500, key: 'errors.somethingWrong' },
  UNAVAILABLE: { status: 503, key: 'errors.sendFailed' },
  DATABASE_UNAVAILABLE: { status: 503, key: 'errors.databaseUnavailable' },
  NOT_READY: { status: 503, key: 'errors.notReady' },
} as const satisfies Record<string, { status: number; key: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The body of every failed API response. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Per-field messages, already translated, keyed by the field's path ("options.0.name"). */
  fields?: Record<string, string>;
  /** What the refusal is about, when the caller needs it to go on (a stale save's newer data, completion's blockers). */
  details?: unknown;
}
