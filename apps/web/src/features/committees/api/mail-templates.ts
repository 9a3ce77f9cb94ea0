import { type MailType, mail } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix } from './keys.ts';

/** Under the committees' key: a template's change refreshes the settings that choose it, and the other way round. */
export const TEMPLATES_KEY = [...COMMITTEES_KEY, 'templates'] as const;

/** GET /{admin|aipm}/template/list: every mail template, by type and name. */
export const useTemplates = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'list', prefix],
    queryFn: ({ signal }) => callEndpoint(mail.list[prefix], { signal }),
  });

export const templateQuery = (prefix: StaffPrefix, id: number) =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, 'one', prefix, id],
    queryFn: ({ signal }) => callEndpoint(mail.getById[prefix], { signal, query: { id } }),
  });

/** GET /{admin|aipm}/template/getById: one template with its subjects and bodies. */
export const useTemplate = (prefix: StaffPrefix, id: number) => useQuery(templateQuery(prefix, id));

/** GET /{admin|aipm}/template/getByType: the templates of one type, the built-in one first. */
export const useTemplatesOfType = (prefix: StaffPrefix, type: MailType) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'type', prefix, type],
    queryFn: ({ signal }) => callEndpoint(mail.getByType[prefix], { signal, query: { type } }),
  });
