import fs from 'node:fs/promises';
import { email, type SubscriberPreview, type subscriberListQuery, type User } from '@portal/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { EMAIL_HEADERS, normaliseHeader, readTable, type Table } from '../../lib/table-upload.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { type CommitteesService, dayOf, LOG } from './committees.service.ts';
import * as repo from './subscribers.repository.ts';

type Row = SubscriberPreview['rows'][number];
/** Whose subscribers a list sets: every subscriber (staff), or one company's (its ceo and trusted). */
type ListScope = { companyId: number | null; kind?: 'committee' | 'workingGroup' };

/**
 * Subscribers of committees and groups (who get their mailings besides the members) and the distribution list. A list
 * of e-mails (a CSV or Excel file, or typed) replaces the subscribers after a preview of every row.
 */
export class SubscribersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly committees: CommitteesService,
  ) {}

  async list(q: z.output<typeof subscriberListQuery>) {
    await this.committees.existing(this.db, q.committeeId);
    return repo.listSubscribers(this.db, q);
  }

  own = (user: User) => repo.subscriptionsOf(this.db, user.id);

  /** A person subscribes (to an active committee only) or unsubscribes (always). */
  async setOwn(actor: Actor, committeeId: number, subscribed: boolean): Promise<number[]> {
    await this.db.transaction(async (tx) => {
      if (subscribed) {
        await this.committees.activeLocked(tx, committeeId);
        const added = await repo.addSubscribers(tx, committeeId, [actor.user.id], this.clock.now());
        // Subscribing oneself also undoes a link's unsubscribe (a member who stopped the mailings gets them again).
        const optedIn = await repo.optIn(tx, committeeId, actor.user.id);
        if (added.length || optedIn) await this.log(tx, actor, 'subscriber.added', committeeId, { person: actor.user.email });
      } else {
        await this.committees.existing(tx, committeeId);
        const removed = await repo.removeSubscribers(tx, committeeId, { userIds: [actor.user.id] });
        if (removed.length) await this.log(tx, actor, 'subscriber.removed', committeeId, { person: actor.user.email });
      }
    });
    return this.own(actor.user);
  }

  /** Staff subscribe one person of a member company. */
  async add(actor: Actor, committeeId: number, userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.committees.existing(tx, committeeId);
      const [person] = await repo.peopleById(tx, [userId]);
      if (!person) throw new AppError('VALIDATION', { fields: { userId: 'committees.validation.notCompanyPerson' } });
      const added = await repo.addSubscribers(tx, committeeId, [userId], this.clock.now());
      if (added.length) await this.log(tx, actor, 'subscriber.added', committeeId, { person: person.email });
    });
  }

  async remove(actor: Actor, committeeId: number, userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.committees.existing(tx, committeeId);
      const [person] = await repo.peopleById(tx, [userId]);
      const removed = await repo.removeSubscribers(tx, committeeId, { userIds: [userId] });
      if (removed.length) await this.log(tx, actor, 'subscriber.removed', committeeId, { person: person?.email ?? userId });
    });
  }

  /**
   * Reads a list of e-mails (the file, else the typed text) and answers how each row was read; with `commit`, the list
   * becomes the subscribers (of the company, for ceo and trusted) in one transaction, unless it names addresses and
   * none of them matched. An empty typed list clears them.
   */
  async setFromList(
    actor: Actor,
    scope: ListScope,
    f: { committeeId: number; emails: string; commit: boolean },
    file: UploadedFile | undefined,
  ): Promise<SubscriberPreview> {
    const entries = file ? emailsOf(await readTable(file.filename, await fs.readFile(file.path))) : typedList(f.emails);
    // An empty typed list clears the subscribers; a file without an address is a wrong file.
    if (file && !entries.length) throw new AppError('VALIDATION', { fields: { file: 'committees.validation.listFile' } });
    return this.db.transaction(async (tx) => {
      const committee = f.commit ? await this.committees.activeLocked(tx, f.committeeId) : await this.committees.existing(tx, f.committeeId);
      if (scope.kind && (committee.parentId === null) !== (scope.kind === 'committee')) throw new AppError('NOT_FOUND');
      const people = new Map((await repo.peopleByEmail(tx, [...new Set(entries.map((e) => e.email.toLowerCase()))])).map((p) => [p.email, p]));
      const seen = new Set<string>();
      const rows: Row[] = entries.map(({ line, email: raw }) => {
        const parsed = email.safeParse(raw);
        if (!parsed.success) return { line, email: raw, status: 'malformed', person: null };
        const address = parsed.data;
        const p = people.get(address);
        const person = p ? { userId: p.userId, name: p.name, surname: p.surname, company: p.company } : null;
        if (seen.has(address)) return { line, email: address, status: 'duplicate', person };
        seen.add(address);
        if (!p) return { line, email: address, status: 'unknown', person: null };
        if (scope.companyId !== null && p.companyId !== scope.companyId) return { line, email: address, status: 'otherCompany', person: null };
        return { line, email: address, status: p.reachable ? 'matched' : 'inactive', person };
      });
      const wanted = rows.filter((r) => r.status === 'matched').map((r) => r.person!.userId);
      const now = await repo.subscriberIds(tx, committee.id, scope.companyId);
      const added = wanted.filter((id) => !now.includes(id)).length;
      const removed = now.filter((id) => !wanted.includes(id)).length;
      if (!f.commit) return { rows, added, removed, saved: false };
      // A list whose addresses match no one is a mistake, not a wish to clear the subscribers (an empty list is that).
      if (entries.length && !wanted.length) throw new AppError('NOTHING_TO_SAVE');
      const gone = await repo.removeSubscribers(tx, committee.id, { companyId: scope.companyId, keep: wanted });
      const joined = await repo.addSubscribers(tx, committee.id, wanted, this.clock.now());
      await this.log(tx, actor, 'subscribers.set', committee.id, { added: joined.length, removed: gone.length, company: scope.companyId });
      return { rows, added: joined.length, removed: gone.length, saved: true };
    });
  }

  /** The whole list, with its committee (the downloads). */
  async distribution(committeeId: number) {
    const committee = await this.committees.existing(this.db, committeeId);
    return { committee, rows: await repo.distribution(this.db, committeeId, dayOf(this.clock.now())) };
  }

  /**
   * The list's addresses, to copy. Only an empty list may be of a committee that does not exist (404): the committee is
   * looked for then, not before every read.
   */
  async distributionAddresses(committeeId: number) {
    const addresses = await repo.distributionAddresses(this.db, committeeId, dayOf(this.clock.now()));
    if (addresses.text === '[]') await this.committees.existing(this.db, committeeId);
    return addresses;
  }

  /** A page of the list; the committee is looked for when it is empty, as for the addresses. */
  async distributionPage(f: repo.DistributionFilters) {
    const page = await repo.distributionPage(this.db, dayOf(this.clock.now()), f);
    if (page.total === 0) await this.committees.existing(this.db, f.committeeId);
    return page;
  }

  /** Switching a company off removes its people's subscriptions, in the deactivation's transaction. */
  removeCompanySubscriptions = (tx: Executor, companyId: number) => repo.deleteCompanySubscriptions(tx, companyId);

  private log(
    tx: Executor,
    actor: Actor,
    action: 'subscriber.added' | 'subscriber.removed' | 'subscribers.set',
    committeeId: number,
    after: unknown,
  ) {
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'committee',
      entityId: committeeId,
      ...authorOf(actor),
      after,
    });
  }
}

/** Typed e-mails: separated by line breaks, commas, semicolons or spaces, each with its line number. */
function typedList(text: string): { line: number; email: string }[] {
  return text.split(/\r?\n/).flatMap((line, i) =>
    line
      .split(/[;,\s]+/)
      .filter(Boolean)
      .map((e) => ({ line: i + 1, email: e })),
  );
}

/** The e-mails of a file with their lines: the column headed as an e-mail column (below its header), else the first column. */
function emailsOf(table: Table): { line: number; email: string }[] {
  const header = table[0]?.cells.findIndex((h) => EMAIL_HEADERS.includes(normaliseHeader(h))) ?? -1;
  const column = Math.max(header, 0);
  return (header >= 0 ? table.slice(1) : table)
    .map(({ line, cells }) => ({ line, email: (cells[column] ?? '').trim() }))
    .filter((e) => e.email !== '');
}
