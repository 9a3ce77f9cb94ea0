import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type StaffPrefix } from './prefix.ts';

export type LogListQuery = z.input<typeof organisation.usersLog.admin.query>;

export const usersLogQuery = (prefix: StaffPrefix, query: LogListQuery) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'usersLog', prefix, query],
    queryFn: ({ signal }) => callEndpoint(organisation.usersLog[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/users/log: changes to people and companies, newest first. */
export const useUsersLog = (prefix: StaffPrefix, query: LogListQuery) => useQuery(usersLogQuery(prefix, query));
