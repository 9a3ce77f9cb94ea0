import { type DigestListQuery, digest } from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint, fetchEndpointBlob, uploadEndpoint } from '../../../lib/api-client.ts';
import { openPdfInTab } from './open-pdf.ts';

const DIGEST_KEY = ['digest'] as const;

const digestQuery = (query: DigestListQuery) =>
  queryOptions({
    queryKey: [...DIGEST_KEY, query],
    queryFn: ({ signal }) => callEndpoint(digest.list, { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /digest: the issues, newest first, paged, searched and filtered by year in the database. */
export const useDigests = (query: DigestListQuery) => useQuery(digestQuery(query));

export interface DigestUpload {
  /** The issue to change; a new one when absent. */
  id?: number;
  file: File | null;
  fileName: string;
  onProgress: (fraction: number) => void;
}

/** POST /admin/digest/create or update (multipart), reporting the upload's progress. */
export function useSaveDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, fileName, onProgress }: DigestUpload) => {
      const files = file ? { file } : undefined;
      return id === undefined
        ? uploadEndpoint(digest.create, { body: { fileName }, files, onProgress })
        : uploadEndpoint(digest.update, { body: { id, fileName }, files, onProgress });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: DIGEST_KEY }),
  });
}

/** DELETE /admin/digest/delete */
export function useDeleteDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(digest.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: DIGEST_KEY }),
  });
}

/** Saves an issue under its own name. */
export const downloadDigest = (id: number) => downloadEndpoint(digest.download, { query: { id } });

/** Opens an issue in a new tab. */
export const openDigest = (id: number) => openPdfInTab(() => fetchEndpointBlob(digest.download, { query: { id, inline: true } }));
