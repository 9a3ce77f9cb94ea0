import { committees } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix } from './keys.ts';

export type DistributionQuery = z.input<typeof committees.distribution.aipm.query>;

/** GET /{admin|aipm}/committee/distribution: a page of current members and subscribers, once each, active people of active companies. */
export const useDistribution = (prefix: StaffPrefix, query: DistributionQuery) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'distribution', prefix, query],
    queryFn: ({ signal }) => callEndpoint(committees.distribution[prefix], { signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET /{admin|aipm}/committee/distribution/addresses: every address of the list, read ahead so that copying them is one click. */
export const useDistributionAddresses = (prefix: StaffPrefix, committeeId: number) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'distribution', prefix, 'addresses', committeeId],
    queryFn: ({ signal }) => callEndpoint(committees.distributionAddresses[prefix], { signal, query: { committeeId } }),
  });

/** GET /{admin|aipm}/committee/distribution/download as Excel or CSV. */
export const downloadDistribution = (prefix: StaffPrefix, committeeId: number, format: 'xlsx' | 'csv') =>
  downloadEndpoint(committees.distributionDownload[prefix], { query: { committeeId, format } });
