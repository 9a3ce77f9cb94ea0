import {
  type aipmEmployeeBody,
  type aipmEmployeeUpdateBody,
  COMPANY_ROLES,
  type CompanyRole,
  type employeeBody,
  type employeeUpdateBody,
  type Person,
  type Role,
  type User,
  type userListQuery,
} from '@portal/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import { writeLog } from '../action-log/action-log.ts';
import { findCompany } from './companies.repository.ts';
import * as repo from './people.repository.ts';
import { assertMayGiveRole, assertMayManage, assertMayManageStaff, isAssociation, scopedCompanyId } from './permissions.ts';

type EmployeeInput = z.output<typeof employeeBody>;
type EmployeeUpdate = z.output<typeof employeeUpdateBody>;

/** What the log keeps of a person: everything but secrets. */
const snapshot = (p: Person) => ({
  email: p.email,
  name: p.name,
  surname: p.surname,
  position: p.position,
  phone: p.phone,
  role: p.role,
  status: p.status,
  isActive: p.isActive,
  companyId: p.company?.id ?? null,
});

const ASSOCIATION_ROLES: readonly Role[] = ['staff', 'admin'];

/** People of member companies and of the association: lists, changes, invitations. */
export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  /** A page of company people; ceo and trusted see only their own company, whatever the query says. */
  list(actor: User, query: z.output<typeof userListQuery>) {
    return repo.listPeople(this.db, { ...query, companyId: scopedCompanyId(actor, query.companyId), roles: COMPANY_ROLES });
  }

  /** Every company person matching the filters, for downloads; `roles` narrows to CEOs or trusted persons. */
  all(actor: User, filters: Omit<z.output<typeof userListQuery>, 'page' | 'pageSize'>, roles: readonly CompanyRole[] = COMPANY_ROLES) {
    return repo.allPeople(this.db, { ...filters, companyId: scopedCompanyId(actor, filters.companyId), roles });
  }

  /** The association's staff; company people see only those who are active, as contacts. */
  associationStaff = (actor: User) => repo.listAssociationStaff(this.db, isAssociation(actor));

  async add(actor: User, input: EmployeeInput, ip: string): Promise<Person> {
    const companyId = scopedCompanyId(actor, input.companyId);
    if (!companyId) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
    assertMayGiveRole(actor, input.role);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const company = await findCompany(tx, companyId, true);
      if (!company) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
      if (!company.isActive) throw new AppError('COMPANY_INACTIVE');
      await this.assertEmailFree(tx, input.email);
      if (input.role === 'ceo' && (await repo.activeCeo(tx, companyId))) throw new AppError('CEO_EXISTS', { fields: { role: 'errors.ceoExists' } });
      const { companyId: _c, ...fields } = input;
      const id = await repo.insertPerson(tx, { ...fields, companyId, status: 'registered', locale: actor.locale, createdAt: now, updatedAt: now });
      await this.accounts.issueLink(tx, { id, name: input.name, email: input.email, locale: actor.locale }, 'first', now);
      await writeLog(tx, now, {
        domain: 'users',
        action: 'user.added',
        entity: 'user',
        entityId: id,
        actorId: actor.id,
        after: { ...fields, companyId },
        ip,
      });
      return id;
    });
    return this.get(id);
  }

  async update(actor: User, input: EmployeeUpdate, ip: string): Promise<Person> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.lockedPerson(tx, input.id);
      const role = input.role ?? before.role;
      assertMayManage(actor, before, role);
      const companyId = isAssociation(actor) ? (input.companyId ?? before.company?.id) : before.company?.id;
      if (!companyId) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
      // Only the association moves people between companies or changes the Registered/Joined status.
      if (!isAssociation(actor) && input.status && input.status !== before.status) throw new AppError('FORBIDDEN');
      if (companyId !== before.company?.id) {
        const company = await findCompany(tx, companyId);
        if (!company) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
        if (!company.isActive && before.isActive) throw new AppError('COMPANY_INACTIVE');
      }
      await this.assertEmailFree(tx, input.email, before.id);
      const becomesCeo = role === 'ceo' && (before.role !== 'ceo' || companyId !== before.company?.id);
      if (becomesCeo && before.isActive && (await repo.activeCeo(tx, companyId, before.id))) {
        throw new AppError('CEO_EXISTS', { fields: { role: 'errors.ceoExists' } });
      }
      const { id, companyId: _c, status, role: _r, ...fields } = input;
      await repo.updatePerson(tx, id, { ...fields, role, companyId, status: status ?? before.status, updatedAt: now });
      const roleChanged = before.role !== role || companyId !== before.company?.id;
      if (roleChanged) await repo.endSessions(tx, [id]);
      const after = await this.lockedPerson(tx, id);
      if (after.email !== before.email) await this.accounts.emailChanged(tx, id, before.email);
      await writeLog(tx, now, {
        domain: 'users',
        action: roleChanged ? 'user.role_changed' : 'user.updated',
        entity: 'user',
        entityId: id,
        actorId: actor.id,
        before: snapshot(before),
        after: snapshot(after),
        ip,
      });
    });
    return this.get(input.id);
  }

  /** Switches a company person on or off; off ends their sessions. */
  async setActive(actor: User, id: number, isActive: boolean, ip: string): Promise<Person> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.lockedPerson(tx, id);
      assertMayManage(actor, before);
      await this.applyActive(tx, actor, before, isActive, now, ip);
    });
    return this.get(id);
  }

  /** Retires the person's open link and e-mails a new one (first password while Registered, a reset once Joined). */
  async regenerateCode(actor: User, id: number, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const person = await this.lockedPerson(tx, id);
      if (isCompanyRoleOf(person)) assertMayManage(actor, person);
      else assertMayManageStaff(actor, person.role, undefined);
      if (!person.isActive) throw new AppError('CONFLICT');
      await this.accounts.issueLink(
        tx,
        { id, name: person.name, email: person.email, locale: actor.locale },
        person.status === 'registered' ? 'first' : 'reset',
        now,
      );
      await writeLog(tx, now, { domain: 'users', action: 'user.code_regenerated', entity: 'user', entityId: id, actorId: actor.id, ip });
    });
  }

  // ---- the association's own staff

  async addStaff(actor: User, input: z.output<typeof aipmEmployeeBody>, ip: string): Promise<Person> {
    assertMayManageStaff(actor, undefined, input.role);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      await this.assertEmailFree(tx, input.email);
      const id = await repo.insertPerson(tx, {
        ...input,
        companyId: null,
        status: 'registered',
        locale: actor.locale,
        createdAt: now,
        updatedAt: now,
      });
      await this.accounts.issueLink(tx, { id, name: input.name, email: input.email, locale: actor.locale }, 'first', now);
      await writeLog(tx, now, { domain: 'users', action: 'staff.added', entity: 'user', entityId: id, actorId: actor.id, after: input, ip });
      return id;
    });
    return this.get(id);
  }

  async updateStaff(actor: User, input: z.output<typeof aipmEmployeeUpdateBody>, ip: string): Promise<Person> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.lockedPerson(tx, input.id);
      if (!ASSOCIATION_ROLES.includes(before.role)) throw new AppError('FORBIDDEN');
      assertMayManageStaff(actor, before.role, input.role);
      await this.assertEmailFree(tx, input.email, before.id);
      const { id, ...fields } = input;
      await repo.updatePerson(tx, id, { ...fields, updatedAt: now });
      if (before.role !== input.role) await repo.endSessions(tx, [id]);
      const after = await this.lockedPerson(tx, id);
      if (after.email !== before.email) await this.accounts.emailChanged(tx, id, before.email);
      await writeLog(tx, now, {
        domain: 'users',
        action: before.role !== input.role ? 'staff.role_changed' : 'staff.updated',
        entity: 'user',
        entityId: id,
        actorId: actor.id,
        before: snapshot(before),
        after: snapshot(after),
        ip,
      });
    });
    return this.get(input.id);
  }

  async setStaffActive(actor: User, id: number, isActive: boolean, ip: string): Promise<Person> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await this.lockedPerson(tx, id);
      if (!ASSOCIATION_ROLES.includes(before.role)) throw new AppError('FORBIDDEN');
      assertMayManageStaff(actor, before.role, undefined);
      if (before.id === actor.id && !isActive) throw new AppError('CONFLICT');
      await this.applyActive(tx, actor, before, isActive, now, ip);
    });
    return this.get(id);
  }

  async get(id: number): Promise<Person> {
    const person = await repo.findPerson(this.db, id);
    if (!person) throw new AppError('NOT_FOUND');
    return person;
  }

  private async applyActive(tx: Executor, actor: User, before: Person, isActive: boolean, now: Date, ip: string): Promise<void> {
    if (before.isActive === isActive) return;
    if (isActive && before.company) {
      const company = await findCompany(tx, before.company.id);
      if (!company?.isActive) throw new AppError('COMPANY_INACTIVE');
      if (before.role === 'ceo' && (await repo.activeCeo(tx, before.company.id, before.id))) throw new AppError('CEO_EXISTS');
    }
    await repo.updatePerson(tx, before.id, { isActive, updatedAt: now });
    if (!isActive) await repo.endSessions(tx, [before.id]);
    await writeLog(tx, now, {
      domain: 'users',
      action: isActive ? 'user.activated' : 'user.deactivated',
      entity: 'user',
      entityId: before.id,
      actorId: actor.id,
      before: { isActive: before.isActive },
      after: { isActive },
      ip,
    });
  }

  /** A person to change, locked; an erased person's row is a record only, never changed or brought back. */
  private async lockedPerson(tx: Executor, id: number): Promise<Person> {
    const person = await repo.findPerson(tx, id, true);
    if (!person) throw new AppError('NOT_FOUND');
    if (await repo.isErased(tx, id)) throw new AppError('ERASED');
    return person;
  }

  private async assertEmailFree(tx: Executor, email: string, exceptId?: number): Promise<void> {
    if (await repo.emailTaken(tx, email, exceptId)) throw new AppError('EMAIL_TAKEN', { fields: { email: 'errors.emailTaken' } });
  }
}

const isCompanyRoleOf = (p: Person) => (COMPANY_ROLES as readonly Role[]).includes(p.role);
