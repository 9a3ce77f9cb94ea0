import { type PeriodInput, type SurveyPeriod, surveyAdmin } from '@portal/shared';
import type { PeriodStatus } from '@portal/shared/survey-model';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, SURVEY_ADMIN_KEY, useInvalidateSurveyAdmin, useStaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/period: the periods, newest first, with their catalogue sizes and counts. */
export const usePeriods = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...SURVEY_ADMIN_KEY, 'periods', prefix],
    queryFn: ({ signal }) => callEndpoint(surveyAdmin.periods[prefix], { signal }),
  });

/** POST /{admin|aipm}/period/create, or period/update (with the version the form started from). */
export function useSavePeriod() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateSurveyAdmin();
  return useMutation({
    mutationFn: ({ period, fields }: { period?: SurveyPeriod; fields: PeriodInput }) =>
      period
        ? callEndpoint(surveyAdmin.updatePeriod[prefix], { body: { ...fields, id: period.id, version: period.version } })
        : callEndpoint(surveyAdmin.createPeriod[prefix], { body: fields }),
    onSuccess: invalidate,
  });
}

/** POST /{admin|aipm}/period/setStatus from the status the screen showed. */
export function useMovePeriod() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateSurveyAdmin();
  return useMutation({
    mutationFn: ({ period, to }: { period: SurveyPeriod; to: PeriodStatus }) =>
      callEndpoint(surveyAdmin.movePeriod[prefix], { body: { id: period.id, from: period.status, to } }),
    onSuccess: invalidate,
  });
}
