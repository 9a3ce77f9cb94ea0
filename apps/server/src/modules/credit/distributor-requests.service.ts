import type {
  addRequestedDistributorBody,
  DistributorRequest,
  distributorRequestBody,
  distributorRequestListQuery,
  refuseDistributorRequestBody,
  User,
} from '@portal/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { CreditEntryService } from './credit-entry.service.ts';
import * as repo from './distributor-requests.repository.ts';
import { type DistributorsService, LOG } from './distributors.service.ts';

/** A company sees its latest requests on the credit data screen. */
const OWN_REQUESTS_SHOWN = 20;

const logged = (r: repo.RequestRow) => ({
  companyId: r.companyId,
  name: r.name,
  inn: r.inn,
  city: r.city,
  comment: r.comment,
  status: r.status,
  distributorId: r.distributorId,
  reason: r.reason,
});

/**
 * Requests for distributors missing from the list (design §5 item 15): a company person with credit.fill asks for one
 * by name, INN and city; staff add it (the requester can then choose it) or refuse with a reason, and the requester is
 * e-mailed either way. An INN already listed or already asked for is refused with nothing saved.
 */
export class DistributorRequestsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly entry: CreditEntryService,
    private readonly distributors: DistributorsService,
    private readonly publicUrl: string,
  ) {}

  private async view(tx: Executor, id: number): Promise<DistributorRequest> {
    const view = await repo.requestView(tx, id);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  }

  /** A company person's request: the INN must be neither a listed distributor's nor an open request's. */
  async create(actor: Actor, body: z.output<typeof distributorRequestBody>): Promise<DistributorRequest> {
    return this.db.transaction(async (tx) => {
      const companyId = await this.entry.companyOf(actor.user, tx);
      if (await this.distributors.innHolder(tx, body.inn)) {
        throw new AppError('DISTRIBUTOR_REQUEST_LISTED', { fields: { inn: 'creditData.errors.requestListed' } });
      }
      const open = () => new AppError('DISTRIBUTOR_REQUEST_OPEN', { fields: { inn: 'creditData.errors.requestOpen' } });
      if (await repo.openRequestFor(tx, body.inn)) throw open();
      const now = this.clock.now();
      const id = await repo.insertRequest(tx, { ...body, companyId, requestedBy: actor.user.id, createdAt: now });
      if (!id) throw open();
      await writeLog(tx, now, {
        domain: LOG,
        action: 'distributorRequest.created',
        entity: 'distributorRequest',
        entityId: id,
        ...authorOf(actor),
        after: logged((await repo.findRequest(tx, id))!),
      });
      return this.view(tx, id);
    });
  }

  /** The caller's company's latest requests (403 without credit.fill). */
  async mine(user: User): Promise<DistributorRequest[]> {
    return repo.companyRequests(this.db, await this.entry.companyOf(user), OWN_REQUESTS_SHOWN);
  }

  list(f: z.output<typeof distributorRequestListQuery>): Promise<{ rows: DistributorRequest[]; total: number }> {
    return repo.listRequests(this.db, f);
  }

  /** The open request, locked: two staff answering it at once get one answer through, the other a 409. */
  private async open(tx: Executor, id: number): Promise<repo.RequestRow> {
    const request = await repo.findRequest(tx, id, true);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'open') throw new AppError('DISTRIBUTOR_REQUEST_DECIDED');
    return request;
  }

  /** Adds the distributor (checked as any new one) and closes the request with it, in one transaction; the requester is e-mailed. */
  async add(actor: Actor, body: z.output<typeof addRequestedDistributorBody>): Promise<DistributorRequest> {
    return this.db.transaction(async (tx) => {
      const { requestId, ...fields } = body;
      const request = await this.open(tx, requestId);
      const distributorId = await this.distributors.add(tx, actor, fields);
      const now = this.clock.now();
      await this.decide(tx, actor, now, request, { status: 'added', distributorId }, 'distributorRequest.added');
      const to = await repo.requester(tx, request.requestedBy);
      if (to) {
        await enqueueMail(tx, now, {
          type: 'distributorAdded',
          to: to.email,
          locale: to.locale,
          params: {
            name: to.name,
            distributor: to.locale === 'ru' ? fields.nameRu : fields.nameEn,
            inn: fields.inn,
            link: `${this.publicUrl}${to.path}`,
          },
        });
      }
      return this.view(tx, requestId);
    });
  }

  /** Refuses the request with a reason, which the requester is e-mailed. */
  async refuse(actor: Actor, body: z.output<typeof refuseDistributorRequestBody>): Promise<DistributorRequest> {
    return this.db.transaction(async (tx) => {
      const request = await this.open(tx, body.requestId);
      const now = this.clock.now();
      await this.decide(tx, actor, now, request, { status: 'refused', reason: body.reason }, 'distributorRequest.refused');
      const to = await repo.requester(tx, request.requestedBy);
      if (to) {
        await enqueueMail(tx, now, {
          type: 'distributorRefused',
          to: to.email,
          locale: to.locale,
          params: { name: to.name, distributor: request.name, inn: request.inn, reason: body.reason, link: `${this.publicUrl}${to.path}` },
        });
      }
      return this.view(tx, body.requestId);
    });
  }

  private async decide(
    tx: Executor,
    actor: Actor,
    now: Date,
    request: repo.RequestRow,
    change: Pick<repo.RequestRow, 'status'> & Partial<Pick<repo.RequestRow, 'distributorId' | 'reason'>>,
    action: 'distributorRequest.added' | 'distributorRequest.refused',
  ): Promise<void> {
    await repo.updateRequest(tx, request.id, { ...change, decidedBy: actor.user.id, decidedAt: now });
    await writeLog(tx, now, {
      domain: LOG,
      action,
      entity: 'distributorRequest',
      entityId: request.id,
      ...authorOf(actor),
      before: logged(request),
      after: logged({ ...request, ...change }),
    });
  }
}
