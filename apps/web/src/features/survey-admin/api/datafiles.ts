import { type CatalogueKind, type SheetKind, surveyAdmin } from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, SURVEY_ADMIN_KEY, useInvalidateSurveyAdmin, useStaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/period/datafiles: a period's files with their issues in the reader's language. */
export const useDatafiles = (prefix: StaffPrefix, periodId: number) =>
  useQuery({
    queryKey: [...SURVEY_ADMIN_KEY, 'datafiles', prefix, periodId],
    queryFn: ({ signal }) => callEndpoint(surveyAdmin.datafiles[prefix], { query: { periodId }, signal }),
  });

/** POST /{admin|aipm}/uploadDatafiles: the file is checked row by row and kept; nothing is applied. */
export function useUploadDatafile() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateSurveyAdmin();
  return useMutation({
    mutationFn: ({ periodId, kind, file }: { periodId: number; kind: CatalogueKind; file: File }) =>
      callEndpoint(surveyAdmin.uploadDatafile[prefix], { body: { periodId, kind }, files: { file } }),
    onSuccess: invalidate,
  });
}

/** POST /{admin|aipm}/saveData: applies a checked file without errors. */
export function useApplyDatafile() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateSurveyAdmin();
  return useMutation({
    mutationFn: (datafileId: number) => callEndpoint(surveyAdmin.applyDatafile[prefix], { body: { datafileId } }),
    onSuccess: invalidate,
  });
}

/** GET /{admin|aipm}/period/template: the kind's empty workbook. */
export const downloadTemplate = (prefix: StaffPrefix, kind: SheetKind) => downloadEndpoint(surveyAdmin.datafileTemplate[prefix], { query: { kind } });

/** GET /{admin|aipm}/period/datafile: a loaded file as it was uploaded. */
export const downloadDatafile = (prefix: StaffPrefix, datafileId: number) =>
  downloadEndpoint(surveyAdmin.datafileDownload[prefix], { query: { datafileId } });

/** GET /{admin|aipm}/period/instructions: the period's instruction PDF. */
export const downloadInstructions = (prefix: StaffPrefix, periodId: number) =>
  downloadEndpoint(surveyAdmin.instructions[prefix], { query: { periodId } });
