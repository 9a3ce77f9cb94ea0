import type { ErasureRequest, erasureListQuery, erasureRefuseBody, OwnErasure, User } from '@portal/shared';
import { rolePath } from '@portal/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, writeLog } from '../action-log/action-log.ts';
import * as repo from './erasure.repository.ts';

/** Phones shorter than this are not searched for across the database: too likely to be part of something else. */
const PHONE_MIN_SEARCH = 6;
/** A name or surname alone shorter than this is not searched for across the database: too likely a word ("Li", "May"). */
const NAME_PART_MIN_SEARCH = 4;

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** What other domains give up of a person being erased, in the erasure's transaction (their places at coming events). */
export type ErasureStep = (tx: Executor, actor: Actor, person: { id: number; email: string }) => Promise<void>;

/** What an erased person is called from then on (the log names them so), and their address that reaches nobody. */
export const erasedPlaceholder = (userId: number) => ({ name: `Erased person #${userId}`, email: `erased-${userId}@erased.invalid` });

/**
 * Erasure of a person's personal data (152-FZ art. 21, GDPR art. 17): the person asks from their profile, staff confirm
 * or refuse with a reason. Confirming keeps the person's row (their votes count, the log keeps its actions) under a
 * placeholder and removes everything that identifies them or lets them act.
 */
export class ErasureService {
  private readonly steps: ErasureStep[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  onErase(step: ErasureStep): void {
    this.steps.push(step);
  }

  mine = (user: User): Promise<OwnErasure> => repo.latestOwnRequest(this.db, user.id);

  async request(user: User, ip: string): Promise<OwnErasure> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.mayBeErased(tx, user.id);
      if (!(await repo.insertRequest(tx, user.id, now))) throw new AppError('ERASURE_PENDING');
      await writeLog(tx, now, { domain: 'security', action: 'erasure.requested', entity: 'user', entityId: user.id, actorId: user.id, ip });
    });
    return this.mine(user);
  }

  /** Withdraws the waiting request; without one (staff decided first) it answers how the latest stands, changing nothing. */
  async withdraw(user: User, ip: string): Promise<OwnErasure> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const id = await repo.pendingRequestOf(tx, user.id);
      if (!id) return;
      await repo.decideRequest(tx, id, { status: 'withdrawn', decidedBy: user.id, decidedAt: now });
      await writeLog(tx, now, { domain: 'security', action: 'erasure.withdrawn', entity: 'user', entityId: user.id, actorId: user.id, ip });
    });
    return this.mine(user);
  }

  list = (query: z.output<typeof erasureListQuery>) => repo.listRequests(this.db, query);

  /** Erases the person: sessions, factors, passkeys, subscriptions and access end; their name, address and phone go everywhere. */
  async confirm(actor: User, id: number, ip: string): Promise<ErasureRequest> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const request = await this.waiting(tx, actor, id);
      await this.mayBeErased(tx, request.userId);
      // Locked, so a change of the profile committed meanwhile cannot escape the sweep.
      const person = await repo.identityOf(tx, request.userId, true);
      if (!person) throw new AppError('NOT_FOUND');
      const placeholder = erasedPlaceholder(request.userId);
      // Read before anything is anonymised: their requests are found by the approval's link or by their address.
      const signups = await repo.signupRequestsOf(tx, request.userId, person.email);
      for (const step of this.steps) await step(tx, { user: actor, ip }, { id: request.userId, email: person.email });
      await repo.deletePersonalRows(tx, request.userId);
      await repo.anonymiseRecords(
        tx,
        request.userId,
        signups.addresses,
        placeholder,
        signups.rows.map((r) => r.id),
      );
      await repo.anonymiseUser(tx, request.userId, placeholder, now);
      // What they were called when they signed up may differ from their profile now: both are searched for.
      const identities = [person, ...signups.rows];
      const fullNames = unique(
        identities.flatMap((p) =>
          p.name.trim() && p.surname.trim() ? [`${p.name.trim()} ${p.surname.trim()}`, `${p.surname.trim()} ${p.name.trim()}`] : [],
        ),
      );
      // A name or surname alone is searched for only as written, when long enough and nobody else bears it (then it may
      // be theirs): "Ivan" in a note is more likely someone else than the erased Ivan Petrov.
      const long = (parts: string[]) => unique(parts).filter((v) => [...v].length >= NAME_PART_MIN_SEARCH);
      const namesakes = await repo.namesOfOthers(tx, request.userId, long(identities.flatMap((p) => [p.name, p.surname])));
      const alone = (parts: string[]) => long(parts).filter((v) => !namesakes.has(v));
      const phones = unique(identities.map((p) => p.phone)).filter((p) => p.replace(/\D/g, '').length >= PHONE_MIN_SEARCH);
      // The address identifies the person wherever it stands; a phone or a name may also be someone else's (a shared
      // switchboard, a namesake), so those are replaced only in free text, never in another row's own phone or name.
      // Longer needles go first, so a full name becomes the placeholder before its parts are looked for alone.
      await repo.replaceEverywhere(tx, [
        ...signups.addresses.map((find) => ({ find, replaceWith: placeholder.email, inContactFields: true })),
        ...phones.map((find) => ({ find, replaceWith: '', inContactFields: false })),
        ...fullNames.map((find) => ({ find, replaceWith: placeholder.name, inContactFields: false })),
        ...alone(identities.map((p) => p.surname)).map((find) => ({
          find,
          replaceWith: placeholder.name,
          inContactFields: false,
          caseSensitive: true,
        })),
        ...alone(identities.map((p) => p.name)).map((find) => ({ find, replaceWith: placeholder.name, inContactFields: false, caseSensitive: true })),
      ]);
      await repo.decideRequest(tx, id, { status: 'erased', decidedBy: actor.id, decidedAt: now });
      await writeLog(tx, now, { domain: 'security', action: 'erasure.confirmed', entity: 'user', entityId: request.userId, actorId: actor.id, ip });
    });
    return this.found(id);
  }

  /** Refuses with a reason, which is e-mailed to the person. */
  async refuse(actor: User, input: z.output<typeof erasureRefuseBody>, ip: string): Promise<ErasureRequest> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const request = await this.waiting(tx, actor, input.id);
      await repo.decideRequest(tx, input.id, { status: 'refused', reason: input.reason, decidedBy: actor.id, decidedAt: now });
      const person = await repo.identityOf(tx, request.userId);
      if (person) {
        await enqueueMail(tx, now, {
          type: 'erasureRefused',
          to: person.email,
          locale: person.locale,
          params: { name: person.name, reason: input.reason, link: `${this.config.publicUrl}${rolePath(request.role, 'profile')}` },
        });
      }
      await writeLog(tx, now, {
        domain: 'security',
        action: 'erasure.refused',
        entity: 'user',
        entityId: request.userId,
        actorId: actor.id,
        after: { reason: input.reason },
        ip,
      });
    });
    return this.found(input.id);
  }

  /** A company's general manager, or the last admin, cannot go before another is named: the association needs one. */
  private async mayBeErased(tx: Executor, userId: number): Promise<void> {
    if (await repo.isActiveCeo(tx, userId)) throw new AppError('ERASURE_LAST_CEO');
    if (await repo.isLastAdmin(tx, userId)) throw new AppError('ERASURE_LAST_ADMIN');
  }

  /** The waiting request, locked; nobody decides their own. */
  private async waiting(tx: Executor, actor: User, id: number): Promise<ErasureRequest> {
    const request = await repo.findRequest(tx, id, true);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'pending') throw new AppError('ERASURE_DECIDED');
    if (request.userId === actor.id) throw new AppError('ERASURE_OWN');
    return request;
  }

  private async found(id: number): Promise<ErasureRequest> {
    const request = await repo.findRequest(this.db, id);
    if (!request) throw new AppError('NOT_FOUND');
    return request;
  }
}
