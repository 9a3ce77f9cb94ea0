import { mail, type Template } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useInvalidateCommittees } from './keys.ts';

export type TemplateCreateFields = z.input<typeof mail.create.body>;
export type TemplateUpdateFields = z.input<typeof mail.update.body>;

/** POST /admin/template/create, or /admin/template/update when the template has an id (its type stays). */
export function useSaveTemplate() {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (fields: TemplateCreateFields | TemplateUpdateFields): Promise<Template> =>
      'id' in fields ? callEndpoint(mail.update, { body: fields }) : callEndpoint(mail.create, { body: fields }),
    onSuccess: invalidate,
  });
}

/** DELETE /admin/template/delete: refused (409) for a built-in template and for one the settings choose. */
export function useDeleteTemplate() {
  const invalidate = useInvalidateCommittees();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(mail.remove, { query: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /admin/template/addImage (multipart field `image`): stores an image for a body and answers its absolute address. */
export const uploadTemplateImage = async (image: File): Promise<string> => (await callEndpoint(mail.addImage, { files: { image } })).url;
