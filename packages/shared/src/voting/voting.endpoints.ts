import { z } from 'zod';
import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { logEntrySchema, logListQuery } from '../organisation/organisation.schemas.ts';
import { COMPANY_ROLES, perPrefix, type Role, STAFF_API_PREFIXES } from '../roles.ts';
import {
  checkUserBody,
  checkUserResult,
  nextStatusBody,
  noAuthResponseBody,
  publicVoting,
  publishBody,
  receiptSchema,
  rejectResponseBody,
  responseIdBody,
  responseIdQuery,
  responseListQuery,
  responseRow,
  resumeBody,
  slugQuery,
  staffResponseBody,
  statsSchema,
  turnoutSchema,
  updateResponseBody,
  voterResponseBody,
  voterVoting,
  votingBody,
  votingDeleteQuery,
  votingDetail,
  votingIdBody,
  votingIdQuery,
  votingListQuery,
  votingSummary,
  votingUpdateBody,
} from './voting.schemas.ts';

/** One contract per staff prefix (/admin, /aipm) from the same schemas. */
const staff = <T>(make: (p: (typeof STAFF_API_PREFIXES)[number], access: readonly Role[]) => T) => perPrefix(STAFF_API_PREFIXES, make);

const VOTERS = COMPANY_ROLES;

// ---- staff: votings

export const create = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/create`,
    access,
    summary: 'Create a planned voting',
    bodyType: 'json',
    body: votingBody,
    response: votingDetail,
  }),
);
export const update = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/update`,
    access,
    summary: 'Edit a voting; when it has votes, they are deleted only with confirmDeleteVotes=true (else 409 with the count)',
    bodyType: 'json',
    body: votingUpdateBody,
    response: votingDetail,
  }),
);
export const nextStatus = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/nextStatus`,
    access,
    summary: 'Move a voting on from the given status: planned → started → stopped → archived',
    bodyType: 'json',
    body: nextStatusBody,
    response: votingDetail,
  }),
);
export const resume = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/resume`,
    access,
    summary: 'Resume a stopped voting (the end must lie ahead, or be moved)',
    bodyType: 'json',
    body: resumeBody,
    response: votingDetail,
  }),
);
export const publish = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/publish`,
    access,
    summary: 'Publish the results of a stopped or archived voting to its voters, or withdraw them (votes stay)',
    bodyType: 'json',
    body: publishBody,
    response: votingDetail,
  }),
);
export const toPlan = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/toPlan`,
    access,
    summary: 'Send a stopped or archived voting back to planning (votes stay)',
    bodyType: 'json',
    body: votingIdBody,
    response: votingDetail,
  }),
);
export const getDetail = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/getDetail`,
    access,
    summary: 'One voting with its options and settings',
    query: votingIdQuery,
    response: votingDetail,
  }),
);
export const list = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/get`,
    access,
    summary: 'Votings, paged, filtered by status and searched',
    query: votingListQuery,
    response: pageOf(votingSummary),
  }),
);
export const archive = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/getArchive`,
    access,
    summary: 'Archived votings, searched',
    query: votingListQuery,
    response: pageOf(votingSummary),
  }),
);
export const remove = staff((p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/vote/delete`,
    access,
    summary: 'Delete a planned voting; when it has votes (it was sent back to planning), only with confirmDeleteVotes=true (else 409 with the count)',
    query: votingDeleteQuery,
    responseKind: 'empty',
  }),
);
export const stats = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/getStats`,
    access,
    summary: 'Results: count and share per option, response ratio, quorum',
    query: votingIdQuery,
    response: statsSchema,
  }),
);
export const responses = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/responses`,
    access,
    summary: 'The responses of a voting (answers hidden when secret)',
    query: responseListQuery,
    response: pageOf(responseRow),
  }),
);
export const turnout = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/turnout`,
    access,
    summary: 'Who has and who has not voted yet, by company',
    query: votingIdQuery,
    response: turnoutSchema,
  }),
);
export const remind = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/remind`,
    access,
    summary: 'E-mail a reminder to the eligible voters who have not voted yet',
    bodyType: 'json',
    body: votingIdBody,
    response: z.object({ sent: z.number() }),
  }),
);
export const sendResponseOnBehalf = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/sendResponse`,
    access,
    summary: "Record a response on someone's behalf (a paper ballot)",
    bodyType: 'json',
    body: staffResponseBody,
    response: receiptSchema,
  }),
);
export const updateResponse = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/updateResponse`,
    access,
    summary: "Correct a response's answers (refused in a secret voting)",
    bodyType: 'json',
    body: updateResponseBody,
    responseKind: 'empty',
  }),
);
export const rejectResponse = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/answer/rejected`,
    access,
    summary: 'Reject a response with a reason',
    bodyType: 'json',
    body: rejectResponseBody,
    responseKind: 'empty',
  }),
);
export const deleteResponse = staff((p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/vote/answer/delete`,
    access,
    summary: 'Delete a response',
    query: responseIdQuery,
    responseKind: 'empty',
  }),
);
export const restoreResponse = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/answer/rollback`,
    access,
    summary: 'Restore a deleted response (409 when its place has since been taken)',
    bodyType: 'json',
    body: responseIdBody,
    responseKind: 'empty',
  }),
);
export const downloadVotings = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/downloadExcel`,
    access,
    summary: 'The list of votings as Excel',
    query: votingListQuery,
    responseKind: 'file',
  }),
);
export const downloadAnswers = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/answer/downloadExcel`,
    access,
    summary: 'The answers of a voting as Excel',
    query: votingIdQuery,
    responseKind: 'file',
  }),
);
export const protocol = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/protocol`,
    access,
    summary: 'The PDF protocol of the result',
    query: votingIdQuery,
    responseKind: 'file',
  }),
);
export const qrCode = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/qr`,
    access,
    summary: 'The QR code of the public link, as PNG or SVG',
    query: votingIdQuery.extend({ format: z.enum(['png', 'svg']).default('png') }),
    responseKind: 'file',
  }),
);
export const log = staff((p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/vote/log/get`,
    access,
    summary: 'The voting log',
    query: logListQuery,
    response: pageOf(logEntrySchema),
  }),
);
export const logSetViewed = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/log/setViewed`,
    access,
    summary: 'Mark one entry of the voting log viewed',
    bodyType: 'json',
    body: votingIdBody,
    responseKind: 'empty',
  }),
);
export const logSetAllViewed = staff((p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/vote/log/setAllViewed`,
    access,
    summary: 'Mark every entry of the voting log viewed',
    responseKind: 'empty',
  }),
);

// ---- voters

export const active = defineEndpoint({
  method: 'GET',
  path: '/vote/getActive',
  access: VOTERS,
  summary: 'Votings the caller may answer now, with their own response',
  response: z.array(voterVoting),
});
export const voterArchive = defineEndpoint({
  method: 'GET',
  path: '/vote/getArchive',
  access: VOTERS,
  summary: 'Past votings the caller could answer, with published results',
  response: z.array(voterVoting),
});
export const getById = defineEndpoint({
  method: 'GET',
  path: '/vote/getById',
  access: VOTERS,
  summary: 'One voting the caller may see, with their response and published results',
  query: votingIdQuery,
  response: voterVoting,
});
export const sendResponse = defineEndpoint({
  method: 'POST',
  path: '/vote/sendResponse',
  access: VOTERS,
  summary: 'Answer a voting (final); answers a receipt',
  bodyType: 'json',
  body: voterResponseBody,
  response: receiptSchema,
});

// ---- the public form

export const getNoAuth = defineEndpoint({
  method: 'GET',
  path: '/vote/getNoAuth',
  access: 'public',
  summary: 'The voting of a public link',
  query: slugQuery,
  response: publicVoting,
});
export const checkUser = defineEndpoint({
  method: 'POST',
  path: '/vote/checkUser',
  access: 'public',
  summary: 'Check that an e-mail may vote (same answer for unknown and ineligible) and send it a one-time code',
  bodyType: 'json',
  body: checkUserBody,
  response: checkUserResult,
});
export const sendNoAuthResponse = defineEndpoint({
  method: 'POST',
  path: '/vote/sendNoAuthResponse',
  access: 'public',
  summary: 'Answer from the public form',
  bodyType: 'json',
  body: noAuthResponseBody,
  response: receiptSchema,
});
