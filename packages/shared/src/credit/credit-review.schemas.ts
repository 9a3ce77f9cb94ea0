import { z } from 'zod';
import { id, optionalFilter, pageOf, paging, requiredMultiline } from '../fields.ts';
import { RESPONSE_STATUSES } from '../survey/survey.model.ts';
import { CREDIT_EVENTS } from './credit.model.ts';
import { creditSubmissionSchema } from './credit.schemas.ts';

/** The staff's review of a credit period's submissions (as the salary survey's review, design §1.2, §5 item 4). */

export const CREDIT_REVIEW_SORTS = ['company', 'status', 'submittedAt', 'receivables', 'issues'] as const;
export const creditReviewListQuery = paging.extend({
  periodId: id,
  sort: optionalFilter(z.enum(CREDIT_REVIEW_SORTS, { error: 'validation.invalid' })),
  status: optionalFilter(z.enum(RESPONSE_STATUSES, { error: 'validation.invalid' })),
});
export type CreditReviewListQuery = z.input<typeof creditReviewListQuery>;

export const creditReviewRowSchema = z.object({
  companyId: z.number(),
  company: z.string(),
  isTest: z.boolean(),
  status: z.enum(RESPONSE_STATUSES),
  submittedAt: z.string().nullable(),
  lastSavedAt: z.string().nullable(),
  /** How many distributors it reports on, and its receivables and overdue (RUB, exact) summed over them. */
  distributors: z.number(),
  receivablesTotal: z.string(),
  overdueTotal: z.string(),
  /** Questions staff asked that the company has not answered by submitting again (0 or 1). */
  openIssues: z.number(),
  staffQuestion: z.string().nullable(),
});
export type CreditReviewRow = z.infer<typeof creditReviewRowSchema>;
export const creditReviewPageSchema = pageOf(creditReviewRowSchema);

export const creditReviewTarget = z.object({ periodId: id, companyId: id });
export const creditReturnBody = creditReviewTarget.extend({ question: requiredMultiline(2000) });

export const creditEventSchema = z.object({
  id: z.number(),
  action: z.enum(CREDIT_EVENTS),
  /** Who did it (null once their account is gone). */
  by: z.string().nullable(),
  at: z.string(),
  /** The staff's question, on a return. */
  question: z.string().nullable(),
});
export type CreditEvent = z.infer<typeof creditEventSchema>;

/** One company's submission as staff read it: the data as the company sees it, who accepted it and its history. */
export const creditReviewSchema = z.object({
  company: z.object({ id: z.number(), name: z.string() }),
  submission: creditSubmissionSchema,
  acceptedAt: z.string().nullable(),
  history: z.array(creditEventSchema),
});
export type CreditReview = z.infer<typeof creditReviewSchema>;
