import type { Role } from '@portal/shared';

export type Caller = 'guest' | Role;
export const CALLERS: Caller[] = ['guest', 'employee', 'trusted', 'ceo', 'staff', 'admin'];

const ALL: Role[] = ['employee', 'trusted', 'ceo', 'staff', 'admin'];
const STAFF: Role[] = ['staff', 'admin'];
const VOTERS: Role[] = ['employee', 'trusted', 'ceo'];

/** Who reaches each role prefix: /aipm admits admin too; /admin, /ceo and /trusted only their own role. */
const PREFIX: Record<'admin' | 'aipm' | 'ceo' | 'trusted', Role[]> = { admin: ['admin'], aipm: STAFF, ceo: ['ceo'], trusted: ['trusted'] };

/** The same row under several role prefixes. */
const under = (prefixes: (keyof typeof PREFIX)[], method: string, path: string, status: number, extra: Partial<Row> = {}) =>
  Object.fromEntries(prefixes.map((p) => [`${method} /${p}${path}`, { admitted: PREFIX[p], status, ...extra }]));
const MANAGERS = ['admin', 'aipm', 'ceo', 'trusted'] as const satisfies (keyof typeof PREFIX)[];
/** The salary survey's fillers: ceo and trusted hold the area by default; staff and admin act for a named company. */
const SURVEY_FILL: Role[] = ['trusted', 'ceo', 'staff', 'admin'];
const survey = (method: string, path: string, status: number, extra: Partial<Row> = {}) => ({
  [`${method} /user/salary${path}`]: { admitted: SURVEY_FILL, status, query: 'companyId=1', ...extra },
});
const ASSOCIATION = ['admin', 'aipm'] as const satisfies (keyof typeof PREFIX)[];

/**
 * Who may call every API route, written independently of the contracts: each row names the callers
 * admitted and the status an admitted caller gets for the request below (an empty one unless given).
 * Everyone else gets 401 (guest) or 403 (a role not admitted). A route without a row fails the test;
 * later issues add rows here.
 */
export interface Row {
  admitted: 'everyone' | Role[];
  status: number;
  /** A request that gets past validation, when the empty one would not. */
  query?: string;
  form?: Record<string, string>;
  json?: unknown;
  /** Admitted roles a rule of the domain answers otherwise (a company's general manager may not ask for erasure). */
  statusFor?: Partial<Record<Role, number>>;
}

export const AUTHORIZATION_TABLE: Record<string, Row> = {
  'GET /health': { admitted: 'everyone', status: 200 },
  'GET /links': { admitted: 'everyone', status: 200 },
  'GET /ready': { admitted: 'everyone', status: 200 },
  // Live streams: the ticket is the session's; the stream itself is opened with a ticket, so without one it is a 400 for anyone.
  'POST /live/ticket': { admitted: ALL, status: 200 },
  'GET /live': { admitted: 'everyone', status: 400 },
  'POST /login': { admitted: 'everyone', status: 400 },
  'POST /logout': { admitted: ALL, status: 204 },
  'GET /user': { admitted: ALL, status: 200 },
  'GET /user/sessions': { admitted: ALL, status: 200 },
  'POST /user/acceptPolicy': { admitted: ALL, status: 409, form: { version: 'an older one' } },
  'GET /user/erasure': { admitted: ALL, status: 200 },
  // The demo's general manager and its only admin must be replaced before they can go.
  'POST /user/erasure/request': { admitted: ALL, status: 200, statusFor: { ceo: 409, admin: 409 } },
  'POST /user/erasure/withdraw': { admitted: ALL, status: 200 },
  ...under(ASSOCIATION, 'GET', '/erasure', 200),
  ...under(ASSOCIATION, 'POST', '/erasure/confirm', 404, { form: { id: '2147483647' } }),
  ...under(ASSOCIATION, 'POST', '/erasure/refuse', 404, { form: { id: '2147483647', reason: 'No.' } }),
  'POST /user/sessions/end': { admitted: ALL, status: 404, form: { id: '2147483647', password: 'Demo12345' } },
  'POST /user/sessions/endOthers': { admitted: ALL, status: 204, form: { password: 'Demo12345' } },
  'POST /login/twoFactor': { admitted: 'everyone', status: 401, form: { challenge: 'forged', code: '123456' } },
  'GET /user/twoFactor': { admitted: ALL, status: 200 },
  'GET /user/exportMyData': { admitted: ALL, status: 200 },
  'POST /user/twoFactor/start': { admitted: ALL, status: 200 },
  'POST /user/twoFactor/confirm': { admitted: ALL, status: 400, form: { code: '' } },
  'POST /user/twoFactor/disable': { admitted: ALL, status: 400 },
  'POST /admin/user/resetTwoFactor': { admitted: ['admin'], status: 404, form: { id: '2147483647' } },
  'POST /login/passkeyStart': { admitted: 'everyone', status: 200 },
  'POST /login/passkey': { admitted: 'everyone', status: 400 },
  'GET /user/passkeys': { admitted: ALL, status: 200 },
  'POST /user/passkeys/registerStart': { admitted: ALL, status: 400, form: { password: 'Wrong12345' } },
  'POST /user/passkeys/register': { admitted: ALL, status: 400 },
  'POST /user/passkeys/rename': { admitted: ALL, status: 404, form: { id: '2147483647', name: 'Laptop' } },
  'POST /user/passkeys/remove': { admitted: ALL, status: 404, form: { id: '2147483647' } },
  'POST /signup': { admitted: 'everyone', status: 400 },
  'GET /sendRestorePasswordEmail': { admitted: 'everyone', status: 202, query: 'email=nobody@demo.test' },
  'GET /user/sendRestorePasswordEmail': { admitted: ALL, status: 202 },
  'GET /getUserByRegistrationCode': { admitted: 'everyone', status: 400, query: 'registrationCode=forged' },
  'POST /setPasswordByCode': { admitted: 'everyone', status: 400 },
  'POST /changePassword': { admitted: ALL, status: 400 },
  'POST /update': { admitted: ALL, status: 400 },
  'POST /user/setLocale': { admitted: ALL, status: 204, json: { locale: 'en' } },
  'GET /user/salary/getRegions': { admitted: ALL, status: 200 },
  'GET /user/salary/getJobGroups': { admitted: ALL, status: 200 },

  // Organisation: people, association staff, companies, signup requests, import, users' log
  ...under(MANAGERS, 'GET', '/company/users', 200),
  ...under(MANAGERS, 'GET', '/company/AIPMEmployee', 200),
  ...under(MANAGERS, 'POST', '/company/toggleUser', 400),
  ...under(MANAGERS, 'POST', '/company/addNewEmployee', 400),
  ...under(MANAGERS, 'POST', '/company/updateEmployee', 400),
  ...under(MANAGERS, 'POST', '/company/updateRegistrationCode', 400),
  ...under(MANAGERS, 'GET', '/company/downloadUsers', 200, { query: 'format=csv' }),
  ...under(MANAGERS, 'GET', '/company/downloadCEOs', 200),
  ...under(MANAGERS, 'GET', '/company/downloadTrusted', 200),
  ...under(ASSOCIATION, 'POST', '/company/toggleAIPMUser', 400),
  ...under(ASSOCIATION, 'POST', '/company/addNewAIPMEmployee', 400),
  ...under(ASSOCIATION, 'POST', '/company/updateAIPMEmployee', 400),
  ...under(ASSOCIATION, 'GET', '/company', 200, { query: 'isActive=true' }),
  'POST /admin/company/add': { admitted: STAFF, status: 400 },
  'POST /admin/company/update': { admitted: STAFF, status: 400 },
  'POST /admin/company/toggle': { admitted: STAFF, status: 400 },
  ...under(ASSOCIATION, 'GET', '/applications', 200),
  ...under(ASSOCIATION, 'POST', '/applications/approve', 400),
  ...under(ASSOCIATION, 'POST', '/applications/reject', 400),
  ...under(ASSOCIATION, 'POST', '/company/importEmployees', 400),
  'GET /admin/users/log': { admitted: STAFF, status: 200 },
  'GET /aipm/users/log': { admitted: STAFF, status: 200 },
  'GET /admin/users/logIsViewed': { admitted: STAFF, status: 400 },
  'POST /admin/users/setAllLogIsViewed': { admitted: STAFF, status: 204 },
  ...under(ASSOCIATION, 'GET', '/dashboard', 200),

  // Voting: staff, voters, the public form
  ...under(ASSOCIATION, 'POST', '/vote/create', 400),
  ...under(ASSOCIATION, 'POST', '/vote/update', 400),
  ...under(ASSOCIATION, 'POST', '/vote/nextStatus', 400),
  ...under(ASSOCIATION, 'POST', '/vote/resume', 400),
  ...under(ASSOCIATION, 'POST', '/vote/toPlan', 400),
  ...under(ASSOCIATION, 'POST', '/vote/publish', 400),
  ...under(ASSOCIATION, 'GET', '/vote/getDetail', 400),
  ...under(ASSOCIATION, 'GET', '/vote/get', 200),
  ...under(ASSOCIATION, 'GET', '/vote/getArchive', 200),
  ...under(ASSOCIATION, 'DELETE', '/vote/delete', 400),
  ...under(ASSOCIATION, 'GET', '/vote/getStats', 400),
  ...under(ASSOCIATION, 'GET', '/vote/responses', 400),
  ...under(ASSOCIATION, 'GET', '/vote/turnout', 400),
  ...under(ASSOCIATION, 'POST', '/vote/remind', 400),
  ...under(ASSOCIATION, 'POST', '/vote/sendResponse', 400),
  ...under(ASSOCIATION, 'POST', '/vote/updateResponse', 400),
  ...under(ASSOCIATION, 'POST', '/vote/answer/rejected', 400),
  ...under(ASSOCIATION, 'DELETE', '/vote/answer/delete', 400),
  ...under(ASSOCIATION, 'POST', '/vote/answer/rollback', 400),
  ...under(ASSOCIATION, 'GET', '/vote/downloadExcel', 200),
  ...under(ASSOCIATION, 'GET', '/vote/answer/downloadExcel', 400),
  ...under(ASSOCIATION, 'GET', '/vote/protocol', 400),
  ...under(ASSOCIATION, 'GET', '/vote/qr', 400),
  ...under(ASSOCIATION, 'GET', '/vote/log/get', 200),
  ...under(ASSOCIATION, 'POST', '/vote/log/setViewed', 400),
  ...under(ASSOCIATION, 'POST', '/vote/log/setAllViewed', 204),
  'GET /vote/getActive': { admitted: VOTERS, status: 200 },
  'GET /vote/getArchive': { admitted: VOTERS, status: 200 },
  'GET /vote/getById': { admitted: VOTERS, status: 400 },
  'POST /vote/sendResponse': { admitted: VOTERS, status: 400 },
  'GET /vote/getNoAuth': { admitted: 'everyone', status: 404, query: 'slug=no-such-voting' },
  'POST /vote/checkUser': { admitted: 'everyone', status: 400 },
  'POST /vote/sendNoAuthResponse': { admitted: 'everyone', status: 400 },

  // Documents: each role lists those meant for it under its own prefix; only admin publishes
  'GET /admin/docs': { admitted: ['admin'], status: 200 },
  'GET /aipm/docs': { admitted: STAFF, status: 200 },
  'GET /ceo/docs': { admitted: ['ceo'], status: 200 },
  'GET /trusted/docs': { admitted: ['trusted'], status: 200 },
  'GET /user/docs': { admitted: ['employee'], status: 200 },
  'GET /admin/downloadDoc': { admitted: ['admin'], status: 404, query: 'id=999999' },
  'GET /aipm/downloadDoc': { admitted: STAFF, status: 404, query: 'id=999999' },
  'GET /ceo/downloadDoc': { admitted: ['ceo'], status: 404, query: 'id=999999' },
  'GET /trusted/downloadDoc': { admitted: ['trusted'], status: 404, query: 'id=999999' },
  'GET /user/downloadDoc': { admitted: ['employee'], status: 404, query: 'id=999999' },
  'POST /admin/uploadDocFile': { admitted: ['admin'], status: 400 },
  'POST /admin/updateDoc': { admitted: ['admin'], status: 400 },
  'DELETE /admin/deleteDoc': { admitted: ['admin'], status: 404, query: 'id=999999' },

  // The code of practice: everyone reads it; the association's staff keep it
  'GET /codex': { admitted: ALL, status: 200 },
  'GET /codex/pdf': { admitted: ALL, status: 404 },
  ...under(ASSOCIATION, 'POST', '/codex/save', 400),
  ...under(ASSOCIATION, 'POST', '/codex/pdf', 400),

  // Help: everyone reads it; the association's staff keep it
  'GET /help': { admitted: ALL, status: 200 },
  'GET /help/guide': { admitted: ALL, status: 404 },
  ...under(ASSOCIATION, 'POST', '/help/save', 400),
  ...under(ASSOCIATION, 'POST', '/help/move', 400),
  ...under(ASSOCIATION, 'DELETE', '/help/delete', 400),
  ...under(ASSOCIATION, 'POST', '/help/guide', 400),

  // The staff's history of every change
  ...under(ASSOCIATION, 'GET', '/history', 200),
  ...under(ASSOCIATION, 'GET', '/history/download', 200),

  // Media digest: everyone signed in reads it, only admin publishes it
  'GET /digest': { admitted: ALL, status: 200 },
  'GET /digest/download': { admitted: ALL, status: 404, query: 'id=999999' },
  'POST /admin/digest/create': { admitted: ['admin'], status: 400 },
  'POST /admin/digest/update': { admitted: ['admin'], status: 400 },
  'DELETE /admin/digest/delete': { admitted: ['admin'], status: 404, query: 'id=999999' },

  // Committees as the rest of the portal reads them
  'GET /committee/list': { admitted: ALL, status: 200 },
  'GET /committee/workingGroups': { admitted: ALL, status: 200 },

  // Events calendar: everyone signed in reads and registers; staff keep the events; the feed's key is its credential
  'GET /calendar/events': { admitted: ALL, status: 200, query: 'from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z' },
  'GET /calendar/event': { admitted: ALL, status: 404, query: 'id=999999' },
  'GET /calendar/ics': { admitted: ALL, status: 404, query: 'id=999999' },
  'POST /calendar/register': { admitted: ALL, status: 404, json: { id: 999999 } },
  'POST /calendar/cancel': { admitted: ALL, status: 404, json: { id: 999999 } },
  'GET /calendar/feedLink': { admitted: ALL, status: 200 },
  'POST /calendar/feedLink': { admitted: ALL, status: 200 },
  'DELETE /calendar/feedLink': { admitted: ALL, status: 204 },
  'GET /calendar/feed': { admitted: 'everyone', status: 404, query: 'key=unknown' },
  ...under(ASSOCIATION, 'POST', '/calendar/create', 400),
  ...under(ASSOCIATION, 'POST', '/calendar/update', 400),
  ...under(ASSOCIATION, 'POST', '/calendar/move', 400),
  ...under(ASSOCIATION, 'DELETE', '/calendar/delete', 404, { query: 'id=999999' }),
  ...under(ASSOCIATION, 'GET', '/calendar/registrants', 404, { query: 'id=999999' }),
  ...under(ASSOCIATION, 'GET', '/calendar/registrants/download', 404, { query: 'id=999999' }),
  // Committees: a person's own (/user, any company role), their company's (ceo, trusted), the staff's; admin keeps the committees
  'GET /user/committee': { admitted: VOTERS, status: 200 },
  'POST /user/membership': { admitted: VOTERS, status: 400 },
  'GET /user/committee/subscribes': { admitted: VOTERS, status: 200 },
  'POST /user/committee/subscribes': { admitted: VOTERS, status: 400 },
  'GET /user/committee/requests': { admitted: VOTERS, status: 200 },
  'GET /user/committee/requests/letter': { admitted: VOTERS, status: 404, query: 'id=999999' },
  'POST /user/committee/requests/withdraw': { admitted: VOTERS, status: 400 },
  'GET /user/committee/approvedMembership': { admitted: VOTERS, status: 200 },
  ...under(MANAGERS, 'GET', '/committee/requests', 200),
  ...under(MANAGERS, 'GET', '/committee/requests/letter', 404, { query: 'id=999999' }),
  ...under(['ceo', 'trusted'], 'POST', '/committee/requests/withdraw', 400),
  ...under(['ceo', 'trusted'], 'GET', '/committee/approvedMembership', 200),
  ...under(['ceo', 'trusted'], 'GET', '/committee/users', 200),
  ...under(['ceo', 'trusted'], 'POST', '/membership', 400),
  ...under(['ceo', 'trusted'], 'POST', '/committee/updateSubscribers', 400),
  ...under(MANAGERS, 'POST', '/committee/addUser', 400),
  ...under(MANAGERS, 'POST', '/committee/updateUser', 400),
  ...under(MANAGERS, 'DELETE', '/committee/users', 404, { query: 'id=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/all', 200),
  ...under(ASSOCIATION, 'GET', '/committee/members', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/members/download', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'POST', '/committee/requests/take', 400),
  ...under(ASSOCIATION, 'POST', '/committee/requests/confirm', 400),
  ...under(ASSOCIATION, 'POST', '/committee/requests/remove', 400),
  ...under(ASSOCIATION, 'GET', '/committee/subscribers', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'POST', '/committee/subscribers/add', 400),
  ...under(ASSOCIATION, 'DELETE', '/committee/subscribers', 404, { query: 'committeeId=999999&userId=1' }),
  ...under(ASSOCIATION, 'POST', '/committee/setCommitteeSubscribers', 400),
  ...under(ASSOCIATION, 'POST', '/committee/setWorkingGroupSubscribers', 400),
  ...under(ASSOCIATION, 'GET', '/committee/distribution', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/distribution/download', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/distribution/addresses', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/stat', 200),
  ...under(ASSOCIATION, 'GET', '/committee/log', 200),
  ...under(ASSOCIATION, 'GET', '/committee/settings', 200),
  ...under(ASSOCIATION, 'POST', '/committee/settings', 400),
  ...under(ASSOCIATION, 'GET', '/committee/mailings', 404, { query: 'committeeId=999999' }),
  ...under(ASSOCIATION, 'GET', '/committee/mailing', 404, { query: 'id=999999' }),
  ...under(ASSOCIATION, 'POST', '/committee/mailing/send', 400),
  // A mailing's unsubscribe link: anyone holding it, no login; an unknown token is refused.
  'GET /mail/unsubscribe': { admitted: 'everyone', status: 400, query: `token=${'A'.repeat(32)}` },
  'POST /mail/unsubscribe': { admitted: 'everyone', status: 400, query: `token=${'A'.repeat(32)}` },
  // Mail templates: staff read, preview and test them; admin alone creates, edits and deletes (spec §6).
  ...under(ASSOCIATION, 'GET', '/template/list', 200),
  ...under(ASSOCIATION, 'GET', '/template/getById', 404, { query: 'id=999999' }),
  ...under(ASSOCIATION, 'GET', '/template/getByType', 200, { query: 'type=resetPassword' }),
  ...under(ASSOCIATION, 'POST', '/template/preview', 400),
  ...under(ASSOCIATION, 'POST', '/template/test', 400),
  'POST /admin/template/create': { admitted: ['admin'], status: 400 },
  'POST /admin/template/update': { admitted: ['admin'], status: 400 },
  'DELETE /admin/template/delete': { admitted: ['admin'], status: 404, query: 'id=999999' },
  'POST /admin/template/addImage': { admitted: ['admin'], status: 400 },
  'GET /mail/image': { admitted: 'everyone', status: 404, query: `name=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png` },
  // Salary survey, the questionnaire: company people with the salary.fill area (ceo and trusted by default) for their own
  // company, staff and admin for the company they name; an employee without the area is refused (403). The demo
  // company (1) answers the open period (2), partly filled; a save based on an old version is 409.
  ...survey('GET', '/getSurvey', 200),
  ...survey('GET', '/getPageContent', 200, { query: 'companyId=1&page=company_profile' }),
  ...survey('GET', '/getSurveyJobGroups', 200),
  ...survey('GET', '/getJobGroupPositions', 200),
  ...survey('GET', '/getCars', 200),
  ...survey('GET', '/getPositionsData', 200),
  ...survey('GET', '/getTurnoverData', 200),
  ...survey('GET', '/getBenchmarkData', 200),
  ...survey('GET', '/getSavedPageData', 200, { query: 'companyId=1&page=company_profile&prefill=prior' }),
  ...survey('POST', '/savePositions', 409, { json: { companyId: 1, version: 999999, rows: [] } }),
  ...survey('DELETE', '/clearPositionData', 409, { query: 'companyId=1&version=999999&positionId=1' }),
  ...survey('POST', '/saveTurnover', 409, { json: { companyId: 1, version: 999999, rows: [] } }),
  ...survey('POST', '/saveBenchmark', 409, { json: { companyId: 1, version: 999999, answers: [] } }),
  ...survey('POST', '/savePageData', 409, { json: { companyId: 1, version: 999999, page: 'comments', answers: {} } }),
  ...survey('POST', '/acknowledgeIssue', 404, { json: { companyId: 1, version: 999999, issueId: 999999, comment: 'Checked.' } }),
  ...survey('POST', '/copyFromLastYear', 409, { json: { companyId: 1, version: 999999 } }),
  ...survey('GET', '/downloadPositions', 200),
  'POST /user/salary/uploadPositions': { admitted: SURVEY_FILL, status: 400 },
  ...survey('GET', '/downloadIncumbents', 200),
  'POST /user/salary/uploadIncumbents': { admitted: SURVEY_FILL, status: 400 },
  ...survey('DELETE', '/removeIncumbents', 409, { query: 'companyId=1&version=999999&positionId=1&regionId=1' }),
  'POST /user/report/setCompleteStatus': { admitted: SURVEY_FILL, status: 409, json: { periodId: 2, kind: 'salary', companyId: 1, confirmed: true } },
  'POST /user/report/withdraw': { admitted: SURVEY_FILL, status: 409, json: { periodId: 2, kind: 'salary', companyId: 1 } },
  ...under(MANAGERS, 'GET', '/company/contact', 200, { query: 'companyId=1' }),
  ...under(MANAGERS, 'POST', '/company/updateContact', 400),
  'GET /user/contact': { admitted: ['trusted', 'ceo'], status: 200 },
  'GET /admin/committee/logIsViewed': { admitted: ['admin'], status: 400 },
  'POST /admin/committee/setAllLogIsViewed': { admitted: ['admin'], status: 204 },
  'POST /admin/committee/add': { admitted: ['admin'], status: 400 },
  'POST /admin/committee/update': { admitted: ['admin'], status: 400 },
  'POST /admin/committee/setActive': { admitted: ['admin'], status: 400 },
  'DELETE /admin/committee/delete': { admitted: ['admin'], status: 404, query: 'id=999999' },
  'POST /admin/workingGroup/add': { admitted: ['admin'], status: 400 },
  'POST /admin/workingGroup/update': { admitted: ['admin'], status: 400 },
  'POST /admin/workingGroup/setActive': { admitted: ['admin'], status: 400 },
  'DELETE /admin/workingGroup/delete': { admitted: ['admin'], status: 404, query: 'id=999999' },

  // Survey and report areas: staff and admin keep the matrix; company people read what they may fill or read
  ...under(ASSOCIATION, 'POST', '/access/areas/list', 200, { json: {} }),
  ...under(ASSOCIATION, 'POST', '/access/areas/update', 400, { json: { changes: [] } }),
  'GET /user/report/getAvailableReports': { admitted: VOTERS, status: 200 },
  // Salary survey, the staff side: periods, catalogue files, the completion dashboard, reminders and review
  ...under(ASSOCIATION, 'GET', '/period', 200),
  ...under(ASSOCIATION, 'POST', '/period/create', 400),
  ...under(ASSOCIATION, 'POST', '/period/update', 400),
  ...under(ASSOCIATION, 'POST', '/period/setStatus', 400),
  ...under(ASSOCIATION, 'GET', '/period/instructions', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'GET', '/period/datafiles', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'GET', '/period/datafile', 404, { query: 'datafileId=999999' }),
  ...under(ASSOCIATION, 'GET', '/period/template', 200, { query: 'kind=regions' }),
  ...under(ASSOCIATION, 'POST', '/uploadDatafiles', 400),
  ...under(ASSOCIATION, 'POST', '/saveData', 400),
  ...under(ASSOCIATION, 'GET', '/report-progress/list', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'GET', '/report-progress/download', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'POST', '/report-progress/remind', 400),
  ...under(ASSOCIATION, 'POST', '/report-progress/return', 400),
  ...under(ASSOCIATION, 'POST', '/report-progress/accept', 400),
  ...under(ASSOCIATION, 'POST', '/report-progress/exclude', 400),
  ...under(ASSOCIATION, 'POST', '/report-progress/reopen', 400),
  ...under(ASSOCIATION, 'POST', '/report-progress/extend', 400),
  // The market check of a response is staff's only: no company person reaches it, whatever their areas.
  ...under(ASSOCIATION, 'GET', '/report-progress/outliers', 404, { query: 'periodId=999999&companyId=1' }),
  ...under(ASSOCIATION, 'DELETE', '/report-progress/remove', 400),
  'POST /admin/report-progress/testCompany': { admitted: ['admin'], status: 400 },
  // Reports: statistics, editions and their tasks, zips, the interactive cut, access (a staff member also needs the
  // report_admin data scope to change access: an admin always holds it), the admin's staff data scopes, and the readers
  ...under(ASSOCIATION, 'GET', '/report/list', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'POST', '/report/freeze', 404, { json: { periodId: 999999 } }),
  ...Object.assign(
    {},
    ...['general', 'car', 'full', 'company', 'credit'].map((type) =>
      under(ASSOCIATION, 'POST', `/create/report/${type}`, 404, { json: { periodId: 999999, language: 'en' } }),
    ),
  ),
  ...under(ASSOCIATION, 'POST', '/report/startGeneration', 404, { json: { reportId: 999999 } }),
  ...under(ASSOCIATION, 'POST', '/report/convertToPdf', 404, { json: { reportId: 999999 } }),
  ...under(ASSOCIATION, 'GET', '/report/tasks', 200),
  ...under(ASSOCIATION, 'GET', '/report/checkStatus', 404, { query: 'taskId=999999' }),
  ...under(ASSOCIATION, 'GET', '/report/download', 404, { query: 'reportId=999999' }),
  ...under(ASSOCIATION, 'POST', '/report/createZip', 404, { json: { periodId: 999999, language: 'en' } }),
  ...under(ASSOCIATION, 'GET', '/report/downloadZip', 404, { query: 'archiveId=999999' }),
  ...under(ASSOCIATION, 'POST', '/report/cut', 404, { json: { periodId: 999999 } }),
  ...under(ASSOCIATION, 'POST', '/report/setAccessToReport', 400),
  ...under(ASSOCIATION, 'GET', '/access/reports/list', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'GET', '/report/participants', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'POST', '/access/reports/update', 400),
  'GET /admin/access/staff-data/list': { admitted: ['admin'], status: 200 },
  'POST /admin/access/staff-data/update': { admitted: ['admin'], status: 400 },
  'GET /user/report/getPublishedReports': { admitted: VOTERS, status: 200 },
  'GET /user/report/download': { admitted: VOTERS, status: 404, query: 'reportId=999999' },
  'GET /user/report/downloadZipReports': { admitted: VOTERS, status: 404, query: 'periodId=999999' },
  // Distributors and holdings: staff and admin keep the list
  ...under(ASSOCIATION, 'GET', '/distributors', 200),
  ...under(ASSOCIATION, 'POST', '/distributors/create', 400),
  ...under(ASSOCIATION, 'POST', '/distributors/update', 400),
  ...under(ASSOCIATION, 'POST', '/distributors/merge', 400),
  ...under(ASSOCIATION, 'GET', '/distributor-groups', 200),
  ...under(ASSOCIATION, 'POST', '/distributor-groups/create', 400),
  ...under(ASSOCIATION, 'POST', '/distributor-groups/update', 400),
  // Requests for missing distributors (staff's queue) and the review of credit submissions
  ...under(ASSOCIATION, 'GET', '/distributor-requests', 200),
  ...under(ASSOCIATION, 'POST', '/distributor-requests/add', 400),
  ...under(ASSOCIATION, 'POST', '/distributor-requests/refuse', 400),
  ...under(ASSOCIATION, 'GET', '/credit-submissions', 404, { query: 'periodId=999999' }),
  ...under(ASSOCIATION, 'GET', '/credit-submissions/get', 404, { query: 'periodId=999999&companyId=1' }),
  ...under(ASSOCIATION, 'POST', '/credit-submissions/accept', 400),
  ...under(ASSOCIATION, 'POST', '/credit-submissions/return', 400),
  // Credit data: company people holding credit.fill, which no role has by default (so no demo person here); the area's
  // grants are tested in credit.int.test.ts. Staff and admin are refused by role, everyone else by the area.
  'GET /user/credit/distributors': { admitted: [], status: 403 },
  'GET /user/credit/getSubmission': { admitted: [], status: 403 },
  'POST /user/credit/save': { admitted: [], status: 403, json: { periodId: 999999, version: 0, entries: [] } },
  'POST /user/credit/submit': { admitted: [], status: 403, json: { periodId: 999999, version: 0 } },
  'POST /user/credit/requestDistributor': { admitted: [], status: 403, json: { name: 'Distributor', inn: '7707083893', city: 'Moscow' } },
  'GET /user/credit/distributorRequests': { admitted: [], status: 403 },
};
