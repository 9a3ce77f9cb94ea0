import { type ProgressListQuery, surveyAdmin } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, SURVEY_ADMIN_KEY, useInvalidateSurveyAdmin, useStaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/report-progress/list: one page of the completion dashboard. */
export const useProgress = (prefix: StaffPrefix, query: ProgressListQuery | null) =>
  useQuery({
    queryKey: [...SURVEY_ADMIN_KEY, 'progress', prefix, query],
    queryFn: ({ signal }) => callEndpoint(surveyAdmin.progress[prefix], { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/report-progress/download with the screen's filters and order. */
export const downloadProgress = (prefix: StaffPrefix, query: Omit<ProgressListQuery, 'page' | 'pageSize'>) =>
  downloadEndpoint(surveyAdmin.progressDownload[prefix], { query });

type Target = { periodId: number; companyId: number };

/** GET /{admin|aipm}/report-progress/outliers: a response's rows more than 3× off the market median (staff only). */
export const useOutliers = (prefix: StaffPrefix, target: Target) =>
  useQuery({
    queryKey: [...SURVEY_ADMIN_KEY, 'outliers', prefix, target],
    queryFn: ({ signal }) => callEndpoint(surveyAdmin.outliers[prefix], { query: target, signal }),
  });

/** The staff's actions on a company's response, each one call; the dashboard and the periods' counts refresh after. */
export type ReviewAction =
  | { kind: 'remind'; periodId: number; companyId: number | null }
  | ({ kind: 'return'; stepKey: string; text: string } & Target)
  | ({ kind: 'accept' } & Target)
  | ({ kind: 'exclude'; reason: string } & Target)
  | ({ kind: 'reopen' } & Target)
  | ({ kind: 'extend'; deadline: string | null } & Target)
  | ({ kind: 'reset'; reason: string } & Target)
  | { kind: 'test'; companyId: number; isTest: boolean };

export function useReviewAction() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateSurveyAdmin();
  return useMutation({
    mutationFn: async (a: ReviewAction): Promise<{ companies: number; messages: number } | undefined> => {
      switch (a.kind) {
        case 'remind':
          return callEndpoint(surveyAdmin.remind[prefix], { body: { periodId: a.periodId, companyId: a.companyId } });
        case 'return':
          await callEndpoint(surveyAdmin.returnResponse[prefix], {
            body: { periodId: a.periodId, companyId: a.companyId, stepKey: a.stepKey, text: a.text },
          });
          return undefined;
        case 'accept':
          await callEndpoint(surveyAdmin.acceptResponse[prefix], { body: { periodId: a.periodId, companyId: a.companyId } });
          return undefined;
        case 'exclude':
          await callEndpoint(surveyAdmin.excludeResponse[prefix], { body: { periodId: a.periodId, companyId: a.companyId, reason: a.reason } });
          return undefined;
        case 'reopen':
          await callEndpoint(surveyAdmin.reopenResponse[prefix], { body: { periodId: a.periodId, companyId: a.companyId } });
          return undefined;
        case 'extend':
          await callEndpoint(surveyAdmin.extendDeadline[prefix], { body: { periodId: a.periodId, companyId: a.companyId, deadline: a.deadline } });
          return undefined;
        case 'reset':
          await callEndpoint(surveyAdmin.resetResponse[prefix], { query: { periodId: a.periodId, companyId: a.companyId, reason: a.reason } });
          return undefined;
        case 'test':
          await callEndpoint(surveyAdmin.setTestCompany, { body: { companyId: a.companyId, isTest: a.isTest } });
          return undefined;
      }
    },
    onSuccess: invalidate,
  });
}
