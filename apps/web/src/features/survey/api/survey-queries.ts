import { type ApiPrefix, type SaveResult, type SurveyOverview, survey } from '@portal/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

/** Every query of the questionnaire sits under this key, so a save or a conflict refreshes them together. */
export const SURVEY_KEY = ['survey'] as const;
export const OVERVIEW_KEY = [...SURVEY_KEY, 'overview'] as const;

/**
 * GET /user/salary/getSurvey: the period, the response, steps and progress. Not redirected on 403: a person without
 * the area sees the portal's "no access" page instead of being logged out.
 */
export const useSurveyOverview = () =>
  useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => callEndpoint(survey.getSurvey, { signal, authRedirect: false }),
    retry: false,
  });

/** A save's answer moves the overview on (version, steps, progress, issues) without asking the server again. */
export function applySaveResult(client: QueryClient, result: SaveResult): void {
  client.setQueryData<SurveyOverview>(OVERVIEW_KEY, (o) =>
    o
      ? {
          ...o,
          response: {
            ...o.response,
            version: result.version,
            lastSavedAt: result.savedAt,
            status: o.response.status === 'not_started' ? 'in_progress' : o.response.status,
          },
          steps: result.steps,
          progress: result.progress,
          issues: result.issues,
        }
      : o,
  );
}

export const useInvalidateSurvey = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SURVEY_KEY });
};

/** GET /user/salary/getPageContent */
export const usePageContent = (page: string) =>
  useQuery({ queryKey: [...SURVEY_KEY, 'page', page], queryFn: ({ signal }) => callEndpoint(survey.getPageContent, { signal, query: { page } }) });

/** GET /user/salary/getSavedPageData */
export const useSavedPage = (page: string) =>
  useQuery({
    queryKey: [...SURVEY_KEY, 'answers', page],
    queryFn: ({ signal }) => callEndpoint(survey.getSavedPageData, { signal, query: { page } }),
  });

/**
 * GET /user/salary/getSavedPageData?prefill=prior: last year's answers to a page, asked for when the page shows them. Kept
 * apart from SURVEY_KEY: they do not change while the survey is filled, so a save need not read them again.
 */
export const usePriorPage = (page: string, enabled: boolean) =>
  useQuery({
    queryKey: ['surveyPrior', page],
    queryFn: ({ signal }) => callEndpoint(survey.getSavedPageData, { signal, query: { page, prefill: 'prior' } }),
    select: (data) => data.prior,
    enabled,
    retry: 1,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /user/salary/getJobGroupPositions (all of the period's positions) */
export const useSurveyPositions = () =>
  useQuery({
    queryKey: [...SURVEY_KEY, 'positions'],
    queryFn: ({ signal }) => callEndpoint(survey.getJobGroupPositions, { signal, query: {} }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /user/salary/getSurveyJobGroups */
export const useSurveyJobGroups = () =>
  useQuery({ queryKey: [...SURVEY_KEY, 'jobGroups'], queryFn: ({ signal }) => callEndpoint(survey.getSurveyJobGroups, { signal, query: {} }) });

/** GET /user/salary/getRegions?periodId: the period's frozen list */
export const useSurveyRegions = (periodId: number) =>
  useQuery({
    queryKey: [...SURVEY_KEY, 'regions', periodId],
    queryFn: ({ signal }) => callEndpoint(survey.getRegions, { signal, query: { periodId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /user/salary/getCars */
export const useSurveyCars = () =>
  useQuery({
    queryKey: [...SURVEY_KEY, 'cars'],
    queryFn: ({ signal }) => callEndpoint(survey.getCars, { signal, query: {} }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /user/salary/getPositionsData */
export const usePositionsData = () =>
  useQuery({ queryKey: [...SURVEY_KEY, 'grid'], queryFn: ({ signal }) => callEndpoint(survey.getPositionsData, { signal, query: {} }) });

/** GET /user/salary/getTurnoverData */
export const useTurnoverData = () =>
  useQuery({ queryKey: [...SURVEY_KEY, 'turnover'], queryFn: ({ signal }) => callEndpoint(survey.getTurnoverData, { signal, query: {} }) });

/** GET /user/salary/getBenchmarkData */
export const useBenchmarkData = () =>
  useQuery({ queryKey: [...SURVEY_KEY, 'benchmarks'], queryFn: ({ signal }) => callEndpoint(survey.getBenchmarkData, { signal, query: {} }) });

/** The contact: ceo and trusted read (and write) it under their prefix; other company people read /user/contact. */
export const useSurveyContact = (prefix: ApiPrefix | undefined) =>
  useQuery({
    queryKey: [...SURVEY_KEY, 'contact', prefix],
    queryFn: ({ signal }) =>
      prefix === 'ceo' || prefix === 'trusted'
        ? callEndpoint(survey.companyContact[prefix], { signal, query: {} })
        : callEndpoint(survey.userContact, { signal }),
  });
