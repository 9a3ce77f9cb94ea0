import { z } from 'zod';
import { id, multiline, optionalFilter, pageOf, paging, requiredMultiline, requiredText } from '../fields.ts';
import { DISTRIBUTOR_REQUEST_STATUSES } from './credit.model.ts';
import { distributorBody, distributorOptionSchema, innField } from './credit.schemas.ts';

/** A company's request that staff add a distributor missing from the list (design §5 item 15). */

export const distributorRequestBody = z.object({
  name: requiredText(200),
  inn: innField,
  city: requiredText(100),
  comment: multiline(1000).default(''),
});
export type DistributorRequestInput = z.input<typeof distributorRequestBody>;

export const DISTRIBUTOR_REQUEST_SORTS = ['createdAt', 'name', 'company'] as const;
export const distributorRequestListQuery = paging.extend({
  sort: optionalFilter(z.enum(DISTRIBUTOR_REQUEST_SORTS, { error: 'validation.invalid' })),
  status: optionalFilter(z.enum(DISTRIBUTOR_REQUEST_STATUSES, { error: 'validation.invalid' })),
});
export type DistributorRequestListQuery = z.input<typeof distributorRequestListQuery>;

/** Staff add the requested distributor with the list's own fields (prefilled from the request, corrected as needed). */
export const addRequestedDistributorBody = distributorBody.extend({ requestId: id });
export const refuseDistributorRequestBody = z.object({ requestId: id, reason: requiredMultiline(1000) });

export const distributorRequestSchema = z.object({
  id: z.number(),
  company: z.object({ id: z.number(), name: z.string() }),
  /** The person who asked (null once their account is gone). */
  requestedBy: z.string().nullable(),
  name: z.string(),
  inn: z.string(),
  city: z.string(),
  comment: z.string(),
  status: z.enum(DISTRIBUTOR_REQUEST_STATUSES),
  /** The distributor staff added for it. */
  distributor: distributorOptionSchema.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DistributorRequest = z.infer<typeof distributorRequestSchema>;
export const distributorRequestPageSchema = pageOf(distributorRequestSchema);
