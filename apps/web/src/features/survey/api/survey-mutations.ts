import { type ContactBody, type PositionRowInput, type SaveResult, survey } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint, uploadEndpoint } from '../../../lib/api-client.ts';
import { OVERVIEW_KEY, SURVEY_KEY } from './survey-queries.ts';

export type SavePositions = { version: number; rows: PositionRowInput[]; cars: z.input<typeof survey.savePositions.body>['cars'] };

/** The questionnaire's saves: each answers the new version with the steps, progress and issues (SaveResult). */
export const saveCalls = {
  positions: (body: SavePositions) => callEndpoint(survey.savePositions, { body }),
  turnover: (body: z.input<typeof survey.saveTurnover.body>) => callEndpoint(survey.saveTurnover, { body }),
  benchmarks: (body: z.input<typeof survey.saveBenchmark.body>) => callEndpoint(survey.saveBenchmark, { body }),
  page: (body: z.input<typeof survey.savePageData.body>) => callEndpoint(survey.savePageData, { body }),
  clearPosition: (query: { version: number; positionId: number; regionId?: number }) => callEndpoint(survey.clearPositionData, { query }),
  removeIncumbents: (query: { version: number; positionId: number; regionId: number }) => callEndpoint(survey.removeIncumbents, { query }),
  acknowledge: (body: { version: number; issueId: number; comment: string }) => callEndpoint(survey.acknowledgeIssue, { body }),
  copyFromLastYear: (body: { version: number }) => callEndpoint(survey.copyFromLastYear, { body }),
} satisfies Record<string, (input: never) => Promise<SaveResult>>;

/** After a change made outside the autosave (completion, withdrawal, an import, a copy), every survey query reads again. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SURVEY_KEY });
}

/** POST /{ceo|trusted}/company/updateContact */
export function useUpdateContact(prefix: 'ceo' | 'trusted') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => callEndpoint(survey.updateContact[prefix], { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: OVERVIEW_KEY }),
  });
}

/** POST /user/report/setCompleteStatus */
export function useCompleteSurvey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (periodId: number) => callEndpoint(survey.setCompleteStatus, { body: { periodId, kind: 'salary', confirmed: true } }),
    onSuccess: refresh,
  });
}

/** POST /user/report/withdraw */
export function useWithdrawSurvey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (periodId: number) => callEndpoint(survey.withdraw, { body: { periodId, kind: 'salary' } }),
    onSuccess: refresh,
  });
}

/** GET /user/salary/downloadPositions: the template prefilled with the company's rows, or what was submitted. */
export const downloadPositions = () => downloadEndpoint(survey.downloadPositions, { query: {} });

/** A filled template sent for its report (commit false) or to be saved when clean (commit true). */
export type ExcelUpload = { file: File; version: number; commit: boolean; onProgress: (f: number) => void };

/** POST /user/salary/uploadPositions: the cell-by-cell report; with commit, saved when clean. */
export function useUploadPositions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, version, commit, onProgress }: ExcelUpload) =>
      uploadEndpoint(survey.uploadPositions, { body: { version, commit }, files: { file }, onProgress }),
    onSuccess: (report) => {
      if (report.saved) void refresh();
    },
  });
}

/** GET /user/salary/downloadIncumbents: the incumbent template prefilled with the company's incumbents. */
export const downloadIncumbents = () => downloadEndpoint(survey.downloadIncumbents, { query: {} });

/** POST /user/salary/uploadIncumbents: the cell-by-cell report; with commit, the incumbents applied when clean. */
export function useUploadIncumbents() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ file, version, commit, onProgress }: ExcelUpload) =>
      uploadEndpoint(survey.uploadIncumbents, { body: { version, commit }, files: { file }, onProgress }),
    onSuccess: (report) => {
      if (report.saved) void refresh();
    },
  });
}
