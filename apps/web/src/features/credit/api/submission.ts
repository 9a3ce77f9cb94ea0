import { type CreditEntryInput, credit } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CREDIT_KEY } from './keys.ts';

const SUBMISSION_KEY = [...CREDIT_KEY, 'submission'] as const;

/**
 * GET /user/credit/getSubmission: the company's data for the running credit period (null when none runs). A person
 * without the credit.fill area gets 403, which here means "no access" rather than a logout.
 */
export const useCreditSubmission = () =>
  useQuery({
    queryKey: SUBMISSION_KEY,
    queryFn: ({ signal }) => callEndpoint(credit.getSubmission, { query: {}, signal, authRedirect: false }),
    retry: false,
  });

/** GET /user/credit/distributors: active distributors matching a name or INN. */
export const useDistributorSearch = (search: string) =>
  useQuery({
    queryKey: [...CREDIT_KEY, 'search', search],
    queryFn: ({ signal }) => callEndpoint(credit.searchDistributors, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /user/credit/save with the version the screen shows; the answer becomes the screen's data. */
export function useSaveCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { periodId: number; version: number; entries: CreditEntryInput[] }) => callEndpoint(credit.saveSubmission, { body }),
    onSuccess: (data) => client.setQueryData(SUBMISSION_KEY, data),
  });
}

/** POST /user/credit/submit. */
export function useSubmitCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { periodId: number; version: number }) => callEndpoint(credit.submitSubmission, { body }),
    onSuccess: (data) => {
      client.setQueryData(SUBMISSION_KEY, data);
      return client.invalidateQueries({ queryKey: ['surveyAccess'] });
    },
  });
}
