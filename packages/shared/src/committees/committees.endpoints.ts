import { z } from 'zod';
import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { committeeMailSettingsBody, committeeMailSettingsSchema } from '../mail/mail.schemas.ts';
import { logEntrySchema, logListQuery, logViewedQuery } from '../organisation/organisation.schemas.ts';
import { API_PREFIX_ROLES, COMPANY_ROLES, MANAGER_API_PREFIXES, perPrefix, ROLES, type Role, STAFF_API_PREFIXES } from '../roles.ts';
import {
  addMemberBody,
  committeeActiveBody,
  committeeAdminSchema,
  committeeBody,
  committeeIdBody,
  committeeSchema,
  committeeStatSchema,
  committeeUpdateBody,
  companyCommitteeSchema,
  companyMembershipFields,
  confirmRequestBody,
  distributionDownloadQuery,
  distributionListQuery,
  distributionPageSchema,
  distributionQuery,
  mailingBody,
  mailingIdQuery,
  mailingListQuery,
  mailingSchema,
  mailingSummarySchema,
  memberDownloadQuery,
  memberIdQuery,
  memberListQuery,
  memberPageSchema,
  memberSchema,
  membershipRequestSchema,
  ownCommitteeSchema,
  ownMembershipFields,
  removeRequestBody,
  requestIdBody,
  requestListQuery,
  requestPageSchema,
  subscribeBody,
  subscriberBody,
  subscriberListFields,
  subscriberListQuery,
  subscriberPageSchema,
  subscriberPreviewSchema,
  unsubscribeQuery,
  unsubscribeSchema,
  updateMemberBody,
  workingGroupBody,
  workingGroupUpdateBody,
} from './committees.schemas.ts';

const ADMIN: readonly Role[] = ['admin'];
/** The company's own pages: ceo and trusted act for their company. */
const COMPANY_MANAGER_PREFIXES = ['ceo', 'trusted'] as const;
/** Requests are read by the person (/user, any company role), their company (ceo, trusted) and the staff. */
const REQUEST_READER_PREFIXES = ['user', ...MANAGER_API_PREFIXES] as const;
const REQUEST_READER_ROLES = { user: COMPANY_ROLES, ...API_PREFIX_ROLES };

// ---- everyone

export const list = defineEndpoint({
  method: 'GET',
  path: '/committee/list',
  access: ROLES,
  summary: 'The active committees, in their order',
  response: z.array(committeeSchema),
});

export const workingGroups = defineEndpoint({
  method: 'GET',
  path: '/committee/workingGroups',
  access: ROLES,
  summary: 'The active working groups of active committees, each with its committee (parentId), in their order',
  response: z.array(committeeSchema),
});

// ---- a company person's own committees, requests and subscriptions

export const own = defineEndpoint({
  method: 'GET',
  path: '/user/committee',
  access: COMPANY_ROLES,
  summary: "The active committees and groups with details, and the caller's membership, open request and subscription of each",
  response: z.array(ownCommitteeSchema),
});

export const requestOwnMembership = defineEndpoint({
  method: 'POST',
  path: '/user/membership',
  access: COMPANY_ROLES,
  summary: 'Ask to become a member of an active committee or group, with an optional nomination letter (PDF, file field `letter`)',
  bodyType: 'multipart',
  body: ownMembershipFields,
  response: membershipRequestSchema,
});

export const subscribes = defineEndpoint({
  method: 'GET',
  path: '/user/committee/subscribes',
  access: COMPANY_ROLES,
  summary: 'The committees and groups whose mailings the caller receives',
  response: z.array(z.number().int()),
});

export const setSubscribed = defineEndpoint({
  method: 'POST',
  path: '/user/committee/subscribes',
  access: COMPANY_ROLES,
  summary: "Subscribe to or unsubscribe from an active committee's or group's mailings",
  bodyType: 'form',
  body: subscribeBody,
  response: z.array(z.number().int()),
});

export const requests = perPrefix(
  REQUEST_READER_PREFIXES,
  (p, access) =>
    defineEndpoint({
      method: 'GET',
      path: `/${p}/committee/requests`,
      access,
      summary: "Membership requests, newest first: the caller's own (/user), their company's (ceo, trusted) or all (staff)",
      query: requestListQuery,
      response: requestPageSchema,
    }),
  REQUEST_READER_ROLES,
);

export const requestLetter = perPrefix(
  REQUEST_READER_PREFIXES,
  (p, access) =>
    defineEndpoint({
      method: 'GET',
      path: `/${p}/committee/requests/letter`,
      access,
      summary: "A request's nomination letter (PDF), to those who may read the request",
      query: requestIdBody,
      responseKind: 'file',
    }),
  REQUEST_READER_ROLES,
);

export const withdrawRequest = perPrefix(
  ['user', ...COMPANY_MANAGER_PREFIXES] as const,
  (p, access) =>
    defineEndpoint({
      method: 'POST',
      path: `/${p}/committee/requests/withdraw`,
      access,
      summary: 'Withdraw an open request (your own, or your company’s for ceo and trusted)',
      bodyType: 'form',
      body: requestIdBody,
      response: membershipRequestSchema,
    }),
  REQUEST_READER_ROLES,
);

export const approvedMembership = perPrefix(
  ['user', ...COMPANY_MANAGER_PREFIXES] as const,
  (p, access) =>
    defineEndpoint({
      method: 'GET',
      path: `/${p}/committee/approvedMembership`,
      access,
      summary: "Current and coming memberships: the caller's own (/user) or their company's people's (ceo, trusted)",
      response: z.array(memberSchema),
    }),
  REQUEST_READER_ROLES,
);

// ---- the company's representation (ceo and trusted)

export const companyCommittees = perPrefix(COMPANY_MANAGER_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/users`,
    access,
    summary: "The active committees and groups with the caller's company's members and subscribers of each",
    response: z.array(companyCommitteeSchema),
  }),
);

export const requestMembership = perPrefix(COMPANY_MANAGER_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/membership`,
    access,
    summary: "Ask membership for one of the company's people, with an optional nomination letter (PDF, file field `letter`)",
    bodyType: 'multipart',
    body: companyMembershipFields,
    response: membershipRequestSchema,
  }),
);

export const updateSubscribers = perPrefix(COMPANY_MANAGER_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/updateSubscribers`,
    access,
    summary: "Set the company's subscribers of a committee or group from a CSV or Excel file or typed e-mails: a preview, or (commit=true) saved",
    bodyType: 'multipart',
    body: subscriberListFields,
    response: subscriberPreviewSchema,
  }),
);

// ---- members: staff for everyone; ceo and trusted for their own people where the committee allows it (selfService)

export const addMember = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/addUser`,
    access,
    summary: 'Make a person a member of a committee or group, with a position and a term',
    bodyType: 'form',
    body: addMemberBody,
    response: memberSchema,
  }),
);

export const updateMember = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/updateUser`,
    access,
    summary: "Change a member's position or term",
    bodyType: 'form',
    body: updateMemberBody,
    response: memberSchema,
  }),
);

export const removeMember = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/committee/users`,
    access,
    summary: 'End a membership today (it stays as history); a term that has not begun is deleted',
    query: memberIdQuery,
    responseKind: 'empty',
  }),
);

// ---- the staff's pages

export const all = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/all`,
    access,
    summary: 'Every committee and group, active or not, in their order, with the counts deleting one would take along',
    response: z.array(committeeAdminSchema),
  }),
);

export const members = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/members`,
    access,
    summary: 'The members of a committee or group (current, past or all), paged, sorted and searched',
    query: memberListQuery,
    response: memberPageSchema,
  }),
);

export const membersDownload = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/members/download`,
    access,
    summary: 'The members of a committee or group as an Excel or CSV file',
    query: memberDownloadQuery,
    responseKind: 'file',
  }),
);

export const takeRequest = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/requests/take`,
    access,
    summary: 'Take a new membership request in progress',
    bodyType: 'form',
    body: requestIdBody,
    response: membershipRequestSchema,
  }),
);

export const confirmRequest = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/requests/confirm`,
    access,
    summary: 'Confirm a request: the person becomes a member (from `since`, today by default); the requester and the ceo are e-mailed',
    bodyType: 'form',
    body: confirmRequestBody,
    response: membershipRequestSchema,
  }),
);

export const removeRequest = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/requests/remove`,
    access,
    summary: 'Remove a request with a reason; the requester and the ceo are e-mailed',
    bodyType: 'form',
    body: removeRequestBody,
    response: membershipRequestSchema,
  }),
);

export const subscribers = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/subscribers`,
    access,
    summary: 'The subscribers of a committee or group, paged, sorted and searched',
    query: subscriberListQuery,
    response: subscriberPageSchema,
  }),
);

export const addSubscriber = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/subscribers/add`,
    access,
    summary: 'Subscribe a person to a committee’s or group’s mailings',
    bodyType: 'form',
    body: subscriberBody,
    responseKind: 'empty',
  }),
);

export const removeSubscriber = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/committee/subscribers`,
    access,
    summary: 'Unsubscribe a person from a committee’s or group’s mailings',
    query: subscriberBody,
    responseKind: 'empty',
  }),
);

const setSubscribers = (kind: 'Committee' | 'WorkingGroup') =>
  perPrefix(STAFF_API_PREFIXES, (p, access) =>
    defineEndpoint({
      method: 'POST',
      path: `/${p}/committee/set${kind}Subscribers`,
      access,
      summary: `Set a ${kind === 'Committee' ? 'committee' : 'working group'}'s subscribers from a CSV or Excel file or typed e-mails: a preview, or (commit=true) saved`,
      bodyType: 'multipart',
      body: subscriberListFields,
      response: subscriberPreviewSchema,
    }),
  );
export const setCommitteeSubscribers = setSubscribers('Committee');
export const setWorkingGroupSubscribers = setSubscribers('WorkingGroup');

export const distribution = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/distribution`,
    access,
    summary: 'The distribution list: current members and subscribers, once each, active people of active companies only; paged, sorted and searched',
    query: distributionQuery,
    response: distributionPageSchema,
  }),
);

export const distributionAddresses = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/distribution/addresses`,
    access,
    summary: "The distribution list's addresses, all of them, by surname (to copy into a mail program)",
    query: distributionListQuery,
    response: z.array(z.string()),
  }),
);

export const distributionDownload = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/distribution/download`,
    access,
    summary: 'The distribution list as an Excel or CSV file',
    query: distributionDownloadQuery,
    responseKind: 'file',
  }),
);

export const stat = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/stat`,
    access,
    summary: 'Members, subscribers and companies represented per committee and group, and the share of member companies taking part',
    response: committeeStatSchema,
  }),
);

export const log = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/log`,
    access,
    summary: 'The log of changes to committees, groups, members, requests and subscribers, newest first, filtered',
    query: logListQuery,
    response: z.object({ rows: z.array(logEntrySchema), total: z.number().int() }),
  }),
);

export const logIsViewed = defineEndpoint({
  method: 'GET',
  path: '/admin/committee/logIsViewed',
  access: ADMIN,
  summary: 'Mark one entry of the committees log viewed',
  query: logViewedQuery,
  responseKind: 'empty',
});

export const setAllLogIsViewed = defineEndpoint({
  method: 'POST',
  path: '/admin/committee/setAllLogIsViewed',
  access: ADMIN,
  summary: 'Mark every entry of the committees log viewed',
  responseKind: 'empty',
});

// ---- mail: the committees' settings, mailings to a distribution list, and the recipients' one-click unsubscribe

export const mailSettings = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/settings`,
    access,
    summary: 'The template each committee event is sent with, and the sender name recipients see',
    response: committeeMailSettingsSchema,
  }),
);

export const updateMailSettings = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/settings`,
    access,
    summary: "Choose each committee event's template (one of the event's type) and the sender name",
    bodyType: 'form',
    body: committeeMailSettingsBody,
    response: committeeMailSettingsSchema,
  }),
);

export const mailings = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/mailings`,
    access,
    summary: "A committee's or group's mailings, newest first, paged, with queued, sent and failed counts",
    query: mailingListQuery,
    response: pageOf(mailingSummarySchema),
  }),
);

export const mailing = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/committee/mailing`,
    access,
    summary: 'One mailing with its text and how its messages are going',
    query: mailingIdQuery,
    response: mailingSchema,
  }),
);

export const sendMailing = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/committee/mailing/send`,
    access,
    summary: 'Send a message to the distribution list, each recipient in their language, with a one-click unsubscribe link (RFC 8058)',
    bodyType: 'form',
    body: mailingBody,
    response: mailingSchema,
  }),
);

export const unsubscribeInfo = defineEndpoint({
  method: 'GET',
  path: '/mail/unsubscribe',
  access: 'public',
  summary: 'What an unsubscribe link is about (no login): the committee, the address, and whether it has been used',
  query: unsubscribeQuery,
  response: unsubscribeSchema,
});

export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/mail/unsubscribe',
  access: 'public',
  summary:
    "Stop a committee's mailings to the link's recipient (no login; RFC 8058 one-click: the mail client's form body `List-Unsubscribe=One-Click` is accepted and not needed); a second use changes nothing",
  query: unsubscribeQuery,
  response: unsubscribeSchema,
});

// ---- admin: committees and working groups themselves

/** The admin's four calls for committees or for working groups, each kind with its own bodies (a group names its committee). */
const manage = <A extends z.ZodType, U extends z.ZodType>(kind: 'committee' | 'workingGroup', addBody: A, updateBody: U) => {
  const noun = kind === 'committee' ? 'committee' : 'working group';
  return {
    add: defineEndpoint({
      method: 'POST',
      path: `/admin/${kind}/add`,
      access: ADMIN,
      summary: `Create a ${noun}`,
      bodyType: 'form',
      body: addBody,
      response: committeeAdminSchema,
    }),
    update: defineEndpoint({
      method: 'POST',
      path: `/admin/${kind}/update`,
      access: ADMIN,
      summary: `Change a ${noun}`,
      bodyType: 'form',
      body: updateBody,
      response: committeeAdminSchema,
    }),
    setActive: defineEndpoint({
      method: 'POST',
      path: `/admin/${kind}/setActive`,
      access: ADMIN,
      summary: `Switch a ${noun} on or off (off: it leaves members' lists and takes no requests)`,
      bodyType: 'form',
      body: committeeActiveBody,
      response: committeeAdminSchema,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `/admin/${kind}/delete`,
      access: ADMIN,
      summary: `Delete a ${noun} with its ${kind === 'committee' ? 'groups, ' : ''}members, subscribers and requests`,
      query: committeeIdBody,
      responseKind: 'empty',
    }),
  };
};
export const committee = manage('committee', committeeBody, committeeUpdateBody);
export const workingGroup = manage('workingGroup', workingGroupBody, workingGroupUpdateBody);
