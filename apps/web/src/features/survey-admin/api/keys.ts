import { useQueryClient } from '@tanstack/react-query';

export { type StaffPrefix, useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The root of every survey staff query: a change anywhere refreshes the periods, their files and the dashboard. */
export const SURVEY_ADMIN_KEY = ['surveyAdmin'] as const;

export function useInvalidateSurveyAdmin(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SURVEY_ADMIN_KEY });
}
