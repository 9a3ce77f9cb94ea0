import { z } from 'zod';
import { id, optionalFilter, paging, requiredMultiline } from '../fields.ts';
import { ROLES } from '../roles.ts';

/** A request to erase a person's data: waiting for staff, done, refused with a reason, or withdrawn by the person. */
export const ERASURE_STATUSES = ['pending', 'erased', 'refused', 'withdrawn'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** The person's own latest request, as their profile shows it (null when they never asked). */
export const ownErasureSchema = z
  .object({
    id: z.number(),
    status: z.enum(ERASURE_STATUSES),
    reason: z.string(),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .nullable();
export type OwnErasure = z.infer<typeof ownErasureSchema>;

/** A request in the staff's queue: who asks (their name and address until erased), their company and role. */
export const erasureRequestSchema = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  company: z.string().nullable(),
  status: z.enum(ERASURE_STATUSES),
  reason: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

export const erasureListQuery = paging.extend({
  status: optionalFilter(z.enum(ERASURE_STATUSES)),
  sort: optionalFilter(z.enum(['requestedAt', 'surname'])),
});
export const erasureRefuseBody = z.object({ id, reason: requiredMultiline(1000) });
