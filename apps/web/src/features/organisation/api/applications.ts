import { organisation } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ORG_KEY, type StaffPrefix } from './prefix.ts';

export type ApplicationListQuery = z.input<typeof organisation.applications.admin.query>;

export const applicationsQuery = (prefix: StaffPrefix, query: ApplicationListQuery) =>
  queryOptions({
    queryKey: [...ORG_KEY, 'applications', prefix, query],
    queryFn: ({ signal }) => callEndpoint(organisation.applications[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/applications: signup requests with the suggested company. */
export const useApplications = (prefix: StaffPrefix, query: ApplicationListQuery) => useQuery(applicationsQuery(prefix, query));
