import { type CreditReviewListQuery, creditReview } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';
import { CREDIT_KEY } from './keys.ts';

const REVIEW_KEY = [...CREDIT_KEY, 'review'] as const;
type Target = { periodId: number; companyId: number };

/** GET /{admin|aipm}/credit-submissions: a page of the period's submissions, sorted and filtered by the server. */
export const useCreditReviews = (prefix: StaffPrefix, query: CreditReviewListQuery) =>
  useQuery({
    queryKey: [...REVIEW_KEY, prefix, 'list', query],
    queryFn: ({ signal }) => callEndpoint(creditReview.list[prefix], { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/credit-submissions/get: one company's data, read-only, with its history. */
export const useCreditReview = (prefix: StaffPrefix, target: Target) =>
  useQuery({
    queryKey: [...REVIEW_KEY, prefix, 'one', target],
    queryFn: ({ signal }) => callEndpoint(creditReview.get[prefix], { query: target, signal }),
  });

export type CreditReviewAction = ({ kind: 'accept' } & Target) | ({ kind: 'return'; question: string } & Target);

/** Accepts a submission or returns it with a question; the list, the submission and the periods' counts refresh after. */
export function useCreditReviewAction() {
  const prefix = useStaffPrefix();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: CreditReviewAction) =>
      kind === 'accept'
        ? callEndpoint(creditReview.accept[prefix], { body: { periodId: body.periodId, companyId: body.companyId } })
        : callEndpoint(creditReview.returnWithQuestion[prefix], { body: body as Target & { question: string } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: REVIEW_KEY }), client.invalidateQueries({ queryKey: ['surveyAdmin'] })]),
  });
}
