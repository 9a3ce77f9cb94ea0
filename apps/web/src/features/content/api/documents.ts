import { DOC_PREFIX_OF, type DocsQuery, documents, type Role } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint, uploadEndpoint } from '../../../lib/api-client.ts';

const DOCS_KEY = ['documents'] as const;

/** GET /{role's prefix}/docs: the documents meant for the caller. */
export const useDocuments = (role: Role, query: DocsQuery) =>
  useQuery({
    queryKey: [...DOCS_KEY, role, query],
    queryFn: ({ signal }) => callEndpoint(documents.list[DOC_PREFIX_OF[role]], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{role's prefix}/downloadDoc, saved under the document's file name. */
export const downloadDocument = (role: Role, id: number) => downloadEndpoint(documents.download[DOC_PREFIX_OF[role]], { query: { id } });

export interface DocumentUpload {
  id?: number;
  titleEn: string;
  titleRu: string;
  category: string;
  roles: string[];
  file: File | null;
  onProgress: (fraction: number) => void;
}

/** POST /admin/uploadDocFile or /admin/updateDoc (multipart), reporting the upload's progress. */
export function useSaveDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress, roles, ...fields }: DocumentUpload) => {
      const body = { ...fields, roles: roles.join(',') } as never;
      const files = file ? { file } : undefined;
      return id === undefined
        ? uploadEndpoint(documents.upload, { body, files, onProgress })
        : uploadEndpoint(documents.update, { body: { ...(body as object), id } as never, files, onProgress });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: DOCS_KEY }),
  });
}

/** DELETE /admin/deleteDoc */
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(documents.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: DOCS_KEY }),
  });
}
