import * as account from './account/account.endpoints.ts';
import * as erasure from './account/erasure.endpoints.ts';
import * as calendar from './calendar/calendar.endpoints.ts';
import * as committees from './committees/committees.endpoints.ts';
import * as codex from './content/codex.endpoints.ts';
import * as digest from './content/digest.endpoints.ts';
import * as documents from './content/documents.endpoints.ts';
import * as help from './content/help.endpoints.ts';
import * as credit from './credit/credit.endpoints.ts';
import * as creditReview from './credit/credit-review.endpoints.ts';
import * as distributorRequests from './credit/distributor-requests.endpoints.ts';
import * as history from './history/history.endpoints.ts';
import type { EndpointDef } from './http.ts';
import * as live from './live/live.endpoints.ts';
import * as mail from './mail/mail.endpoints.ts';
import * as organisation from './organisation/organisation.endpoints.ts';
import * as reports from './reports/reports.endpoints.ts';
import * as survey from './survey/survey.endpoints.ts';
import * as surveyAccess from './survey/survey-access.endpoints.ts';
import * as surveyAdmin from './survey/survey-admin.endpoints.ts';
import * as system from './system/system.endpoints.ts';
import * as voting from './voting/voting.endpoints.ts';

/** Every API contract; the server registers these and the authorisation table test walks them. */
/** A module's exports: single contracts, or per-prefix groups of them. */
const flatten = (module: Record<string, EndpointDef | Record<string, EndpointDef>>): EndpointDef[] =>
  Object.values(module).flatMap((e) => ('method' in e ? [e as EndpointDef] : Object.values(e)));

export const ENDPOINTS: readonly EndpointDef[] = [
  system,
  account,
  erasure,
  organisation,
  voting,
  digest,
  documents,
  codex,
  help,
  history,
  calendar,
  committees,
  mail,
  survey,
  surveyAccess,
  surveyAdmin,
  reports,
  credit,
  creditReview,
  distributorRequests,
  live,
].flatMap((m) => flatten(m as never));

export {
  account,
  calendar,
  codex,
  committees,
  credit,
  creditReview,
  digest,
  distributorRequests,
  documents,
  erasure,
  help,
  history,
  live,
  mail,
  organisation,
  reports,
  survey,
  surveyAccess,
  surveyAdmin,
  system,
  voting,
};
