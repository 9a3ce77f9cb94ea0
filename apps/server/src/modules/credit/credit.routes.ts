import { credit as api, creditReview, distributorRequests, STAFF_API_PREFIXES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint.ts';
import type { CreditEntryService } from './credit-entry.service.ts';
import type { CreditReviewService } from './credit-review.service.ts';
import type { DistributorRequestsService } from './distributor-requests.service.ts';
import type { DistributorsService } from './distributors.service.ts';

export interface CreditServices {
  distributors: DistributorsService;
  creditEntry: CreditEntryService;
  creditReview: CreditReviewService;
  distributorRequests: DistributorRequestsService;
}

export function creditRoutes(app: FastifyInstance, s: CreditServices): void {
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.distributors[p], ({ query }) => s.distributors.list(query));
    route(app, api.createDistributor[p], ({ user, body, request }) => s.distributors.create({ user, ip: request.ip }, body));
    route(app, api.updateDistributor[p], ({ user, body, request }) => s.distributors.update({ user, ip: request.ip }, body));
    route(app, api.mergeDistributors[p], ({ user, body, request }) => s.distributors.merge({ user, ip: request.ip }, body));
    route(app, api.distributorGroups[p], () => s.distributors.listGroups());
    route(app, api.createDistributorGroup[p], ({ user, body, request }) => s.distributors.createGroup({ user, ip: request.ip }, body));
    route(app, api.updateDistributorGroup[p], ({ user, body, request }) => s.distributors.updateGroup({ user, ip: request.ip }, body));
    route(app, distributorRequests.list[p], ({ query }) => s.distributorRequests.list(query));
    route(app, distributorRequests.add[p], ({ user, body, request }) => s.distributorRequests.add({ user, ip: request.ip }, body));
    route(app, distributorRequests.refuse[p], ({ user, body, request }) => s.distributorRequests.refuse({ user, ip: request.ip }, body));
    route(app, creditReview.list[p], ({ query }) => s.creditReview.list(query));
    route(app, creditReview.get[p], ({ query }) => s.creditReview.get(query));
    route(app, creditReview.accept[p], ({ user, body, request }) => s.creditReview.accept({ user, ip: request.ip }, body));
    route(app, creditReview.returnWithQuestion[p], ({ user, body, request }) => s.creditReview.returnWithQuestion({ user, ip: request.ip }, body));
  }
  route(app, api.searchDistributors, async ({ user, query }) => {
    await s.creditEntry.checkArea(user);
    return s.distributors.search(query.search);
  });
  route(app, api.getSubmission, ({ user, query }) => s.creditEntry.get(user, query.periodId));
  route(app, api.saveSubmission, ({ user, body, request }) => s.creditEntry.save({ user, ip: request.ip }, body));
  route(app, api.submitSubmission, ({ user, body, request }) => s.creditEntry.submit({ user, ip: request.ip }, body));
  route(app, distributorRequests.create, ({ user, body, request }) => s.distributorRequests.create({ user, ip: request.ip }, body));
  route(app, distributorRequests.mine, ({ user }) => s.distributorRequests.mine(user));
}
