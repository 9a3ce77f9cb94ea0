import type { confirmRequestBody, MembershipRequest, RequestStatus, requestListQuery, User } from '@portal/shared';
import { COMMITTEE_MAIL_EVENTS, isCompanyRole, rolePath } from '@portal/shared';
import type { z } from 'zod';
import { type Db, type Executor, readTogether } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { type PdfFiles, uploadName } from '../content/pdf-files.ts';
import { findPerson } from '../organisation/people.repository.ts';
import { type CommitteesService, dayOf, LOG } from './committees.service.ts';
import { type MailSettingsService, senderFor } from './mail-settings.service.ts';
import { companyOf, type MembersService } from './members.service.ts';
import * as repo from './requests.repository.ts';

type Ask = { committeeId: number; userId: number; position: string; note: string };
/** Who reads requests: the person (/user), their company (ceo, trusted) or the staff. */
export type Reader = 'own' | 'company' | 'staff';

/**
 * Membership requests: a person asks for themselves, or their company's ceo or trusted for one of its people, with an
 * optional nomination letter; the staff take it in progress, confirm it (the person becomes a member) or remove it
 * with a reason. The person, the requester and the company's ceo are e-mailed at each step.
 */
export class MembershipRequestsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly committees: CommitteesService,
    private readonly members: MembersService,
    private readonly mailSettings: MailSettingsService,
    private readonly letters: PdfFiles,
    private readonly publicUrl: string,
  ) {}

  list(user: User, reader: Reader, q: z.output<typeof requestListQuery>) {
    return repo.listRequests(this.db, this.scope(user, reader), q);
  }

  /** A request for oneself (any company person) or, by ceo and trusted, for one of their company's people. */
  async ask(actor: Actor, a: Ask, letter: UploadedFile | undefined): Promise<MembershipRequest> {
    const companyId = companyOf(actor.user);
    const person = await findPerson(this.db, a.userId);
    // Another company's person is refused as any other company's data is: the company comes from the session.
    if (person && person.company?.id !== companyId) throw new AppError('FORBIDDEN');
    if (!person?.isActive) throw new AppError('VALIDATION', { fields: { userId: 'committees.validation.notCompanyPerson' } });
    const key = letter ? await this.storeLetter(letter) : undefined;
    return this.letters.orForget(key, () =>
      this.db.transaction(async (tx) => {
        const committee = await this.committees.activeLocked(tx, a.committeeId);
        const now = this.clock.now();
        const row = await repo.insertRequest(tx, {
          committeeId: committee.id,
          userId: person.id,
          companyId,
          requestedBy: actor.user.id,
          position: a.position,
          note: a.note,
          letterKey: key ?? null,
          letterName: letter ? uploadName(letter) : null,
          createdAt: now,
        });
        if (!row) throw new AppError('REQUEST_OPEN');
        await this.log(tx, actor, 'request.created', row, undefined, {
          person: person.email,
          committee: committee.id,
          position: a.position,
          note: a.note,
        });
        await this.notify(tx, row, 'requestReceived');
        return (await repo.request(tx, row.id))!;
      }),
    );
  }

  /** The letter of a request the caller may read. */
  async letter(user: User, reader: Reader, id: number) {
    const row = await this.readable(this.db, user, reader, id);
    if (!row.letterKey) throw new AppError('NOT_FOUND');
    return { name: row.letterName ?? 'letter.pdf', stream: await this.letters.get(row.letterKey) };
  }

  /** The person or their company withdraws an open request. */
  withdraw(actor: Actor, reader: Reader, id: number): Promise<MembershipRequest> {
    return this.decide(actor, reader, id, ['new', 'inProgress'], async (tx, row) => {
      await repo.updateRequest(tx, id, { status: 'removed', decidedAt: this.clock.now(), decidedBy: actor.user.id });
      await this.log(tx, actor, 'request.withdrawn', row, { status: row.status }, { status: 'removed' });
    });
  }

  take(actor: Actor, id: number): Promise<MembershipRequest> {
    return this.decide(actor, 'staff', id, ['new'], async (tx, row) => {
      await repo.updateRequest(tx, id, { status: 'inProgress' });
      await this.log(tx, actor, 'request.taken', row, { status: row.status }, { status: 'inProgress' });
    });
  }

  /** Confirms: the person becomes a member from `since` (today by default) in the same transaction. */
  confirm(actor: Actor, b: z.output<typeof confirmRequestBody>): Promise<MembershipRequest> {
    return this.decide(actor, 'staff', b.id, ['new', 'inProgress'], async (tx, row) => {
      await this.committees.activeLocked(tx, row.committeeId);
      const since = b.since ?? dayOf(this.clock.now());
      await this.members.insert(tx, actor, { committeeId: row.committeeId, userId: row.userId, position: row.position, since, until: null });
      await repo.updateRequest(tx, row.id, { status: 'confirmed', decidedAt: this.clock.now(), decidedBy: actor.user.id });
      await this.log(tx, actor, 'request.confirmed', row, { status: row.status }, { status: 'confirmed', since });
      await this.notify(tx, row, 'requestConfirmed', { since });
    });
  }

  remove(actor: Actor, id: number, reason: string): Promise<MembershipRequest> {
    return this.decide(actor, 'staff', id, ['new', 'inProgress'], async (tx, row) => {
      await repo.updateRequest(tx, id, { status: 'removed', reason, decidedAt: this.clock.now(), decidedBy: actor.user.id });
      await this.log(tx, actor, 'request.removed', row, { status: row.status }, { status: 'removed', reason });
      await this.notify(tx, row, 'requestRemoved', { reason });
    });
  }

  /**
   * Switching a company off removes its open requests, in the deactivation's transaction. Their reason is a catalogue
   * key, which the pages say in the reader's language. Answers 0: the cascade counts subscriptions, not requests.
   */
  async removeOpenOfCompany(tx: Executor, companyId: number, now: Date): Promise<number> {
    const removed = await repo.removeOpenOfCompany(tx, companyId, now, 'committees.reasons.companyDeactivated');
    await writeLog(
      tx,
      now,
      removed.map((r) => ({
        domain: LOG,
        action: 'request.removed' as const,
        entity: 'membershipRequest',
        entityId: r.id,
        after: { status: 'removed', reason: r.reason },
      })),
    );
    return 0;
  }

  openCount = () => repo.countOpen(this.db);

  /** Runs one decision on a request in a given status, locked: another status answers 409 (it was decided meanwhile). */
  private async decide(
    actor: Actor,
    reader: Reader,
    id: number,
    from: RequestStatus[],
    change: (tx: Executor, row: repo.RequestRow) => Promise<void>,
  ): Promise<MembershipRequest> {
    return this.db.transaction(async (tx) => {
      const row = await this.readable(tx, actor.user, reader, id, true);
      if (!from.includes(row.status)) throw new AppError('REQUEST_DECIDED');
      await change(tx, row);
      return (await repo.request(tx, id))!;
    });
  }

  /** A request the caller may read (404 otherwise, so others' requests are not even confirmed to exist). */
  private async readable(db: Executor, user: User, reader: Reader, id: number, lock = false): Promise<repo.RequestRow> {
    const row = await repo.findRequest(db, id, lock);
    const scope = this.scope(user, reader);
    const mine = scope === 'all' || (row && ('userId' in scope ? row.userId === scope.userId : row.companyId === scope.companyId));
    if (!row || !mine) throw new AppError('NOT_FOUND');
    return row;
  }

  private scope(user: User, reader: Reader): repo.RequestScope {
    if (reader === 'staff' && !isCompanyRole(user.role)) return 'all';
    return reader === 'company' ? { companyId: companyOf(user) } : { userId: user.id };
  }

  private async storeLetter(letter: UploadedFile): Promise<string> {
    try {
      return await this.letters.store(letter, 'committee-letter');
    } catch (err) {
      if (err instanceof AppError && err.code === 'VALIDATION')
        throw new AppError('VALIDATION', { fields: { letter: 'committees.validation.letterNotPdf' } });
      throw err;
    }
  }

  /** E-mails a step of a request with the template the committees' settings choose for it. */
  private async notify(
    tx: Executor,
    r: repo.RequestRow,
    event: 'requestReceived' | 'requestConfirmed' | 'requestRemoved',
    extra: Record<string, string> = {},
  ) {
    const [people, committee, person, choice] = await readTogether(tx, [
      () => repo.requestRecipients(tx, r),
      () => this.committees.existing(tx, r.committeeId),
      () => findPerson(tx, r.userId),
      () => this.mailSettings.forEvent(tx, event),
    ]);
    await enqueueMail(
      tx,
      this.clock.now(),
      people.map((p) => ({
        type: COMMITTEE_MAIL_EVENTS[event],
        templateId: choice.templateId,
        senderName: senderFor(choice, p.locale),
        to: p.email,
        locale: p.locale,
        params: {
          name: p.name,
          person: person ? `${person.name} ${person.surname}` : '',
          title: p.locale === 'ru' ? committee.nameRu : committee.nameEn,
          link: `${this.publicUrl}${rolePath(p.role, 'cwg/membership')}`,
          ...extra,
        },
      })),
    );
  }

  /** Logs a step; the entry names the person, so the log and the history can say whose request it was. */
  private async log(
    tx: Executor,
    actor: Actor,
    action: 'request.created' | 'request.taken' | 'request.confirmed' | 'request.removed' | 'request.withdrawn',
    r: repo.RequestRow,
    before?: unknown,
    after?: Record<string, unknown>,
  ) {
    const person = (await findPerson(tx, r.userId))?.email;
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'membershipRequest',
      entityId: r.id,
      ...authorOf(actor),
      before,
      after: { person, ...after },
    });
  }
}
