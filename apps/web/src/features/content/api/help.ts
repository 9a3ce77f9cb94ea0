import { type HelpItemInput, help } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint, fetchEndpointBlob, uploadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { openPdfInTab } from './open-pdf.ts';

const HELP_KEY = ['help'] as const;

/** GET /help: the questions, the user instruction and the contacts. */
export const useHelpPage = () => useQuery({ queryKey: HELP_KEY, queryFn: ({ signal }) => callEndpoint(help.page, { signal }) });

function useHelpMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: HELP_KEY }) });
}

/** POST /{aipm|admin}/help/save: a new question (no id) or an edit. */
export const useSaveHelpItem = (prefix: StaffPrefix) => useHelpMutation((body: HelpItemInput) => callEndpoint(help.save[prefix], { body }));

/** POST /{aipm|admin}/help/move */
export const useMoveHelpItem = (prefix: StaffPrefix) =>
  useHelpMutation((body: { id: number; direction: 'up' | 'down' }) => callEndpoint(help.move[prefix], { body }));

/** DELETE /{aipm|admin}/help/delete */
export const useDeleteHelpItem = (prefix: StaffPrefix) => useHelpMutation((id: number) => callEndpoint(help.remove[prefix], { query: { id } }));

/** POST /{aipm|admin}/help/guide (multipart), reporting the upload's progress. */
export const useUploadGuide = (prefix: StaffPrefix) =>
  useHelpMutation(({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
    uploadEndpoint(help.uploadGuide[prefix], { files: { file }, onProgress }),
  );

export const downloadGuide = () => downloadEndpoint(help.guide);
export const openGuide = () => openPdfInTab(() => fetchEndpointBlob(help.guide, { query: { inline: true } }));
