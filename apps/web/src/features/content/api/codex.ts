import { type CodexInput, codex } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint, fetchEndpointBlob, uploadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { openPdfInTab } from './open-pdf.ts';

const CODEX_KEY = ['codex'] as const;

/** GET /codex: the code of practice in both languages, with its PDF. */
export const useCodex = () => useQuery({ queryKey: CODEX_KEY, queryFn: ({ signal }) => callEndpoint(codex.get, { signal }) });

/** POST /{aipm|admin}/codex/save */
export function useSaveCodex(prefix: StaffPrefix) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CodexInput) => callEndpoint(codex.save[prefix], { body }),
    onSuccess: (saved) => client.setQueryData(CODEX_KEY, saved),
  });
}

/** POST /{aipm|admin}/codex/pdf (multipart), reporting the upload's progress. */
export function useUploadCodexPdf(prefix: StaffPrefix) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadEndpoint(codex.uploadPdf[prefix], { files: { file }, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: CODEX_KEY }),
  });
}

export const downloadCodexPdf = () => downloadEndpoint(codex.pdf);
export const openCodexPdf = () => openPdfInTab(() => fetchEndpointBlob(codex.pdf, { query: { inline: true } }));
