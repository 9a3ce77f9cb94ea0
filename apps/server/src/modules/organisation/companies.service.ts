import type { Company, companyBody, companyListQuery, companyUpdateBody, User } from '@portal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import * as repo from './companies.repository.ts';
import { CompanyCascade } from './company-cascade.ts';
import { endSessions } from './people.repository.ts';

/** Member companies: the list, add and edit, and switching a company off everywhere at once. */
export class CompaniesService {
  readonly cascade = new CompanyCascade();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  list = (query: z.output<typeof companyListQuery>) => repo.listCompanies(this.db, query);

  async add(actor: User, input: z.output<typeof companyBody>, ip: string): Promise<Company> {
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      if (await repo.companyNameTaken(tx, input.name)) throw new AppError('COMPANY_NAME_TAKEN', { fields: { name: 'errors.companyNameTaken' } });
      const id = await repo.insertCompany(tx, { ...input, createdAt: now });
      await writeLog(tx, now, { domain: 'users', action: 'company.added', entity: 'company', entityId: id, actorId: actor.id, after: input, ip });
      return id;
    });
    return this.get(id);
  }

  async update(actor: User, input: z.output<typeof companyUpdateBody>, ip: string): Promise<Company> {
    const now = this.clock.now();
    const { id, ...fields } = input;
    await this.db.transaction(async (tx) => {
      const before = await repo.findCompany(tx, id, true);
      if (!before) throw new AppError('NOT_FOUND');
      if (await repo.companyNameTaken(tx, fields.name, id)) throw new AppError('COMPANY_NAME_TAKEN', { fields: { name: 'errors.companyNameTaken' } });
      await repo.updateCompany(tx, id, {
        name: fields.name,
        domain: fields.domain === undefined ? before.domain : fields.domain,
        status: fields.status ?? before.status,
      });
      await writeLog(tx, now, {
        domain: 'users',
        action: 'company.updated',
        entity: 'company',
        entityId: id,
        actorId: actor.id,
        before: { name: before.name, domain: before.domain, status: before.status },
        after: fields,
        ip,
      });
    });
    return this.get(id);
  }

  /**
   * Switches a company on or off. Off, in one transaction: its people are switched off, their sessions
   * end (their next request gets 401), the registered cascade steps remove their subscriptions, and the
   * log records it all. On restores the company only: people stay off until switched on one by one.
   */
  async setActive(actor: User, id: number, isActive: boolean, ip: string) {
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const company = await repo.findCompany(tx, id, true);
      if (!company) throw new AppError('NOT_FOUND');
      const outcome = { deactivatedPeople: 0, endedSessions: 0, removedSubscriptions: 0 };
      if (company.isActive === isActive) return outcome;
      await repo.updateCompany(tx, id, { isActive });
      const switchedOff = isActive ? [] : await repo.deactivatePeopleOf(tx, id, now);
      if (!isActive) {
        outcome.deactivatedPeople = switchedOff.length;
        outcome.endedSessions = await endSessions(tx, switchedOff);
        outcome.removedSubscriptions = await this.cascade.run(tx, id, now);
      }
      await writeLog(tx, now, [
        {
          domain: 'users',
          action: isActive ? 'company.activated' : 'company.deactivated',
          entity: 'company',
          entityId: id,
          actorId: actor.id,
          before: { isActive: company.isActive },
          after: { isActive, ...outcome },
          ip,
        },
        // Each person switched off by the cascade, so staff can see whom to switch on again one by one.
        ...switchedOff.map((personId) => ({
          domain: 'users',
          action: 'user.deactivated' as const,
          entity: 'user',
          entityId: personId,
          actorId: actor.id,
          before: { isActive: true },
          after: { isActive: false, company: company.name },
          ip,
        })),
      ]);
      return outcome;
    });
    return { company: await this.get(id), ...result };
  }

  async get(id: number): Promise<Company> {
    const company = await repo.findCompany(this.db, id);
    if (!company) throw new AppError('NOT_FOUND');
    return company;
  }
}
