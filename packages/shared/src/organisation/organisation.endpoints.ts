import { z } from 'zod';
import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { type ApiPrefix, MANAGER_API_PREFIXES, perPrefix, type Role, STAFF_API_PREFIXES } from '../roles.ts';
import {
  aipmEmployeeBody,
  aipmEmployeeUpdateBody,
  applicationListQuery,
  applicationSchema,
  approveBody,
  companyBody,
  companyListQuery,
  companySchema,
  companyToggleResult,
  companyUpdateBody,
  dashboardSchema,
  downloadQuery,
  employeeBody,
  employeeUpdateBody,
  idBody,
  importFields,
  importPreview,
  logEntrySchema,
  logListQuery,
  logViewedQuery,
  personSchema,
  rejectBody,
  toggleBody,
  userListQuery,
} from './organisation.schemas.ts';

const STAFF: readonly Role[] = ['staff', 'admin'];

// ---- people of member companies (staff: all companies; ceo and trusted: their own)

export const companyUsers = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/company/users`,
    access,
    summary: "People of member companies (ceo and trusted: their own company's), paged, sorted and filtered",
    query: userListQuery,
    response: pageOf(personSchema),
  }),
);

export const aipmEmployees = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/company/AIPMEmployee`,
    access,
    summary: "The association's staff and their contacts",
    response: z.array(personSchema),
  }),
);

export const toggleUser = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/toggleUser`,
    access,
    summary: "Switch a company person on or off (off ends the person's sessions)",
    bodyType: 'form',
    body: toggleBody,
    response: personSchema,
  }),
);

export const addNewEmployee = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/addNewEmployee`,
    access,
    summary: 'Add a company person and e-mail them the link to set their password',
    bodyType: 'form',
    body: employeeBody,
    response: personSchema,
  }),
);

export const updateEmployee = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/updateEmployee`,
    access,
    summary: "Edit a company person, their role within the company and their status (a role change ends the person's sessions)",
    bodyType: 'form',
    body: employeeUpdateBody,
    response: personSchema,
  }),
);

export const updateRegistrationCode = perPrefix(MANAGER_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/updateRegistrationCode`,
    access,
    summary: 'Regenerate the set-password link of a person (the old link stops working) and e-mail it',
    bodyType: 'form',
    body: idBody,
    responseKind: 'empty',
  }),
);

const download = (p: ApiPrefix, access: readonly Role[], name: string, who: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/company/${name}`,
    access,
    summary: `Download ${who} as Excel or CSV, with the list's filters`,
    query: downloadQuery,
    responseKind: 'file',
  });
export const downloadUsers = perPrefix(MANAGER_API_PREFIXES, (p, access) => download(p, access, 'downloadUsers', 'people'));
export const downloadCeos = perPrefix(MANAGER_API_PREFIXES, (p, access) => download(p, access, 'downloadCEOs', 'general managers'));
export const downloadTrusted = perPrefix(MANAGER_API_PREFIXES, (p, access) => download(p, access, 'downloadTrusted', 'authorised persons'));

// ---- the association's own staff

export const toggleAipmUser = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/toggleAIPMUser`,
    access,
    summary: 'Switch a member of the association staff on or off (only admin touches admins)',
    bodyType: 'form',
    body: toggleBody,
    response: personSchema,
  }),
);

export const addNewAipmEmployee = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/addNewAIPMEmployee`,
    access,
    summary: 'Add a member of the association staff (only admin creates admins)',
    bodyType: 'form',
    body: aipmEmployeeBody,
    response: personSchema,
  }),
);

export const updateAipmEmployee = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/updateAIPMEmployee`,
    access,
    summary: 'Edit a member of the association staff (only admin touches admins)',
    bodyType: 'form',
    body: aipmEmployeeUpdateBody,
    response: personSchema,
  }),
);

// ---- companies

export const companies = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/company`,
    access,
    summary: 'Member companies, paged, sorted, searched and filtered by isActive',
    query: companyListQuery,
    response: pageOf(companySchema),
  }),
);

export const addCompany = defineEndpoint({
  method: 'POST',
  path: '/admin/company/add',
  access: STAFF,
  summary: 'Add a member company',
  bodyType: 'form',
  body: companyBody,
  response: companySchema,
});

export const updateCompany = defineEndpoint({
  method: 'POST',
  path: '/admin/company/update',
  access: STAFF,
  summary: 'Edit a member company',
  bodyType: 'form',
  body: companyUpdateBody,
  response: companySchema,
});

export const toggleCompany = defineEndpoint({
  method: 'POST',
  path: '/admin/company/toggle',
  access: STAFF,
  summary: 'Switch a company on or off; off switches off its people, ends their sessions and removes their subscriptions',
  bodyType: 'form',
  body: toggleBody,
  response: companyToggleResult,
});

// ---- signup requests

export const applications = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/applications`,
    access,
    summary: 'Signup requests, newest first, with the company suggested by the e-mail domain',
    query: applicationListQuery,
    response: pageOf(applicationSchema),
  }),
);

export const approveApplication = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/applications/approve`,
    access,
    summary: 'Approve a signup request: the person is created (Registered) in a company and e-mailed the set-password link',
    bodyType: 'form',
    body: approveBody,
    response: applicationSchema,
  }),
);

export const rejectApplication = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/applications/reject`,
    access,
    summary: 'Reject a signup request with a reason, which is e-mailed to the applicant',
    bodyType: 'form',
    body: rejectBody,
    response: applicationSchema,
  }),
);

// ---- bulk import

export const importEmployees = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/company/importEmployees`,
    access,
    summary: 'Import people from CSV or Excel: a preview of every row, or (commit=true) all new rows at once with invitations',
    bodyType: 'multipart',
    body: importFields,
    response: importPreview,
  }),
);

// ---- the users' log and the staff's dashboard

export const usersLog = perPrefix(STAFF_API_PREFIXES, (p) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/users/log`,
    access: STAFF,
    summary: 'The log of changes to people and companies, newest first, filtered',
    query: logListQuery,
    response: pageOf(logEntrySchema),
  }),
);

export const usersLogIsViewed = defineEndpoint({
  method: 'GET',
  path: '/admin/users/logIsViewed',
  access: STAFF,
  summary: 'Mark one entry of the users log viewed',
  query: logViewedQuery,
  responseKind: 'empty',
});

export const usersLogSetAllViewed = defineEndpoint({
  method: 'POST',
  path: '/admin/users/setAllLogIsViewed',
  access: STAFF,
  summary: 'Mark every entry of the users log viewed',
  responseKind: 'empty',
});

export const dashboard = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/dashboard`,
    access,
    summary: 'What awaits the staff (pending signup requests, unviewed log entries) and the size of the membership',
    response: dashboardSchema,
  }),
);
