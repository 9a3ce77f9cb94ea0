import type { addMemberBody, CompanyCommittee, Member, memberListQuery, User, updateMemberBody } from '@portal/shared';
import { isCompanyRole, isNamedPosition, rolePath } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { findPerson } from '../organisation/people.repository.ts';
import * as committeesRepo from './committees.repository.ts';
import { type CommitteesService, dayOf, LOG } from './committees.service.ts';
import { type MailSettingsService, senderFor } from './mail-settings.service.ts';
import * as repo from './members.repository.ts';
import { companySubscribers } from './subscribers.repository.ts';

type Term = { position: string; since: string; until: string | null };
/** What else ends with a term (the person's places at the committee's coming events); runs in the change's transaction. */
export type TermEndStep = (tx: Executor, actor: Actor, committeeId: number, person: { id: number; email: string }) => Promise<void>;

/**
 * Members of committees and groups, with their positions and terms; past terms stay as history. Staff manage anyone;
 * a company's ceo and trusted manage their own people, and only where the committee lets companies do so.
 */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly committees: CommitteesService,
    private readonly mailSettings: MailSettingsService,
    private readonly publicUrl: string,
  ) {}

  private readonly termEndSteps: TermEndStep[] = [];

  private today = () => dayOf(this.clock.now());

  onTermEnd(step: TermEndStep): void {
    this.termEndSteps.push(step);
  }

  async list(q: z.output<typeof memberListQuery>) {
    await this.committees.existing(this.db, q.committeeId);
    return repo.listMembers(this.db, this.today(), q);
  }

  async all(committeeId: number, term: 'current' | 'past' | 'all') {
    const committee = await this.committees.existing(this.db, committeeId);
    return { committee, rows: await repo.allMembers(this.db, this.today(), committeeId, term) };
  }

  /** Current and coming memberships: the person's own, or (ceo, trusted) their company's people's. */
  approved(user: User, companyWide: boolean): Promise<Member[]> {
    return repo.currentMemberships(this.db, this.today(), companyWide ? { companyId: companyOf(user) } : { userId: user.id });
  }

  /** The active committees and groups with the company's members and subscribers of each. */
  async company(user: User): Promise<CompanyCommittee[]> {
    const companyId = companyOf(user);
    const [list, members, subscribers] = await Promise.all([
      committeesRepo.activeDetails(this.db),
      repo.currentMemberships(this.db, this.today(), { companyId }),
      companySubscribers(this.db, companyId),
    ]);
    return list.map(({ active: _, ...c }) => ({
      ...c,
      members: members
        .filter((m) => m.committeeId === c.id)
        .map((m) => ({
          memberId: m.id,
          userId: m.userId,
          name: m.name,
          surname: m.surname,
          email: m.email,
          position: m.position,
          since: m.since,
          until: m.until,
        })),
      subscribers: subscribers.filter((s) => s.committeeId === c.id).map(({ committeeId: _c, ...s }) => s),
    }));
  }

  async add(actor: Actor, b: z.output<typeof addMemberBody>): Promise<Member> {
    return this.db.transaction(async (tx) => {
      const committee = await this.mayManage(tx, actor.user, b.committeeId);
      const person = await findPerson(tx, b.userId);
      if (!person?.company) throw new AppError('VALIDATION', { fields: { userId: 'committees.validation.notCompanyPerson' } });
      if (isCompanyRole(actor.user.role) && person.company.id !== companyOf(actor.user)) throw new AppError('FORBIDDEN');
      const row = await this.insert(tx, actor, {
        committeeId: committee.id,
        userId: person.id,
        position: b.position,
        since: b.since,
        until: b.until,
      });
      await this.notifyAdded(tx, committee, row);
      return (await repo.member(tx, this.today(), row.id))!;
    });
  }

  /** Tells a person added directly (not by a confirmed request, which says so itself) that they are a member. */
  private async notifyAdded(tx: Executor, committee: { nameEn: string; nameRu: string }, row: repo.MemberRow): Promise<void> {
    const person = await repo.reachablePerson(tx, row.userId);
    if (!person) return;
    const choice = await this.mailSettings.forEvent(tx, 'memberAdded');
    await enqueueMail(tx, this.clock.now(), {
      type: 'committeeMemberAdded',
      templateId: choice.templateId,
      senderName: senderFor(choice, person.locale),
      to: person.email,
      locale: person.locale,
      params: {
        name: person.name,
        title: person.locale === 'ru' ? committee.nameRu : committee.nameEn,
        position: isNamedPosition(row.position) ? translate(person.locale, `committees.positions.${row.position}`) : row.position,
        since: row.since,
        link: `${this.publicUrl}${rolePath(person.role, 'cwg')}`,
      },
    });
  }

  /** Makes a person a member (a confirmed request does too), refusing a term that overlaps one they have; logged. */
  async insert(tx: Executor, actor: Actor, t: Term & { committeeId: number; userId: number }): Promise<repo.MemberRow> {
    if (await repo.overlapping(tx, t)) throw new AppError('ALREADY_MEMBER');
    const row = await repo.insertMember(tx, t);
    await this.log(tx, actor, 'member.added', row.id, undefined, await this.logged(tx, row));
    return row;
  }

  async update(actor: Actor, b: z.output<typeof updateMemberBody>): Promise<Member> {
    return this.db.transaction(async (tx) => {
      const before = await this.found(tx, actor.user, b.id);
      const term = { position: b.position, since: b.since, until: b.until };
      if (await repo.overlapping(tx, { ...before, ...term }, before.id)) throw new AppError('ALREADY_MEMBER');
      const after = await repo.updateMember(tx, before.id, term);
      await this.log(tx, actor, 'member.updated', before.id, await this.logged(tx, before), await this.logged(tx, after));
      if (after.until !== null && after.until < this.today()) await this.ended(tx, actor, after);
      return (await repo.member(tx, this.today(), before.id))!;
    });
  }

  /** Ends a running term yesterday, so the person is no longer a member today; a term not yet begun is deleted. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.found(tx, actor.user, id);
      const today = this.today();
      if (before.until !== null && before.until < today) return;
      const entry = await this.logged(tx, before);
      if (before.since >= today) await repo.deleteMember(tx, id);
      else await repo.updateMember(tx, id, { until: dayOf(new Date(Date.parse(today) - 86_400_000)) });
      await this.log(tx, actor, 'member.removed', id, entry);
      await this.ended(tx, actor, before);
    });
  }

  /** Runs what ends with a term, unless the person holds another term of the committee today. */
  private async ended(tx: Executor, actor: Actor, m: repo.MemberRow) {
    if (await repo.isMemberOn(tx, m.committeeId, m.userId, this.today())) return;
    const person = await findPerson(tx, m.userId);
    if (!person) return;
    for (const step of this.termEndSteps) await step(tx, actor, m.committeeId, person);
  }

  /** A membership the caller may change, locked: staff any; ceo and trusted their company's, in a self-service committee. */
  private async found(tx: Executor, user: User, id: number): Promise<repo.MemberRow> {
    const row = await repo.findMember(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    await this.mayManage(tx, user, row.committeeId);
    if (isCompanyRole(user.role)) {
      const person = await findPerson(tx, row.userId);
      if (person?.company?.id !== companyOf(user)) throw new AppError('FORBIDDEN');
    }
    return row;
  }

  /** Staff manage members of any committee; a company only of an active one that lets companies manage their members. */
  private async mayManage(tx: Executor, user: User, committeeId: number) {
    if (!isCompanyRole(user.role)) return this.committees.existing(tx, committeeId);
    const committee = await this.committees.activeLocked(tx, committeeId);
    if (!committee.selfService) throw new AppError('MEMBERS_MANAGED_BY_ASSOCIATION');
    return committee;
  }

  private async logged(tx: Executor, m: repo.MemberRow) {
    const person = await findPerson(tx, m.userId);
    return { person: person?.email ?? m.userId, committee: m.committeeId, position: m.position, since: m.since, until: m.until };
  }

  private log(
    tx: Executor,
    actor: Actor,
    action: 'member.added' | 'member.updated' | 'member.removed',
    id: number,
    before?: unknown,
    after?: unknown,
  ) {
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'committeeMember',
      entityId: id,
      ...authorOf(actor),
      before,
      after,
    });
  }
}

/** The caller's company: ceo, trusted and employees always act for their own. */
export function companyOf(user: User): number {
  if (!user.company) throw new AppError('FORBIDDEN');
  return user.company.id;
}
