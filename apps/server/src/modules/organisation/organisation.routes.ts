import { organisation as api, type CompanyRole, MANAGER_API_PREFIXES, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendFile, tableFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import { LogBook } from '../action-log/log-book.ts';
import type { ApplicationsService } from './applications.service.ts';
import { membershipSize } from './companies.repository.ts';
import type { CompaniesService } from './companies.service.ts';
import type { ImportService } from './import.service.ts';
import type { PeopleService } from './people.service.ts';
import { peopleColumns } from './people-download.ts';

export interface OrganisationServices {
  db: Db;
  clock: Clock;
  companies: CompaniesService;
  people: PeopleService;
  applications: ApplicationsService;
  imports: ImportService;
  membershipRequests: { openCount(): Promise<number> };
  accounts: { staffWithoutSecondFactor(): Promise<number> };
}

/** The users' log holds changes to people and companies. */

const DOWNLOADS: [typeof api.downloadUsers, string, readonly CompanyRole[] | undefined][] = [
  [api.downloadUsers, 'users', undefined],
  [api.downloadCeos, 'ceos', ['ceo']],
  [api.downloadTrusted, 'trusted', ['trusted']],
];

export function organisationRoutes(app: FastifyInstance, s: OrganisationServices): void {
  const usersLog = new LogBook(s.db, ['users']);
  const committeeLog = new LogBook(s.db, ['committee']);
  for (const p of MANAGER_API_PREFIXES) {
    route(app, api.companyUsers[p], ({ user, query }) => s.people.list(user, query));
    route(app, api.aipmEmployees[p], ({ user }) => s.people.associationStaff(user));
    route(app, api.toggleUser[p], ({ user, body, request }) => s.people.setActive(user, body.id, body.isActive, request.ip));
    route(app, api.addNewEmployee[p], ({ user, body, request }) => s.people.add(user, body, request.ip));
    route(app, api.updateEmployee[p], ({ user, body, request }) => s.people.update(user, body, request.ip));
    route(app, api.updateRegistrationCode[p], ({ user, body, request }) => s.people.regenerateCode(user, body.id, request.ip));
    for (const [group, name, roles] of DOWNLOADS) {
      route(app, group[p], async ({ user, query, locale, reply }) => {
        const { format, ...filters } = query;
        const people = await s.people.all(user, { ...filters, order: 'asc' }, roles);
        const data = await tableFile(format, name, peopleColumns(locale), people);
        sendFile(reply, `${name}-${s.clock.now().toISOString().slice(0, 10)}.${format}`, format, data);
      });
    }
  }

  for (const p of STAFF_API_PREFIXES) {
    route(app, api.toggleAipmUser[p], ({ user, body, request }) => s.people.setStaffActive(user, body.id, body.isActive, request.ip));
    route(app, api.addNewAipmEmployee[p], ({ user, body, request }) => s.people.addStaff(user, body, request.ip));
    route(app, api.updateAipmEmployee[p], ({ user, body, request }) => s.people.updateStaff(user, body, request.ip));
    route(app, api.companies[p], ({ query }) => s.companies.list(query));
    route(app, api.applications[p], ({ query }) => s.applications.list(query));
    route(app, api.approveApplication[p], ({ user, body, request }) => s.applications.approve(user, body, request.ip));
    route(app, api.rejectApplication[p], ({ user, body, request }) => s.applications.reject(user, body, request.ip));
    route(app, api.importEmployees[p], async ({ user, body, files, locale, request }) => {
      const file = files[0];
      if (!file) throw new AppError('VALIDATION', { fields: { file: 'validation.required' } });
      return s.imports.run(user, body.companyId, file, body.commit, locale, request.ip);
    });
    route(app, api.usersLog[p], ({ query }) => usersLog.list(query));
    route(app, api.dashboard[p], async () => ({
      pendingApplications: await s.applications.pendingCount(),
      unviewedUsersLog: await usersLog.countUnviewed(),
      unviewedCommitteeLog: await committeeLog.countUnviewed(),
      openMembershipRequests: await s.membershipRequests.openCount(),
      staffWithoutSecondFactor: await s.accounts.staffWithoutSecondFactor(),
      ...(await membershipSize(s.db)),
    }));
  }

  route(app, api.addCompany, ({ user, body, request }) => s.companies.add(user, body, request.ip));
  route(app, api.updateCompany, ({ user, body, request }) => s.companies.update(user, body, request.ip));
  route(app, api.toggleCompany, ({ user, body, request }) => s.companies.setActive(user, body.id, body.isActive, request.ip));
  route(app, api.usersLogIsViewed, ({ query }) => usersLog.markViewed(query.id));
  route(app, api.usersLogSetAllViewed, () => usersLog.markViewed());
}
