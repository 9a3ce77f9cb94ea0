import { committees } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { COMMITTEES_KEY, type StaffPrefix } from './keys.ts';

/** GET /{admin|aipm}/committee/stat: members, subscribers and companies per committee and group; member companies taking part. */
export const useCommitteeStat = (prefix: StaffPrefix) =>
  useQuery({
    queryKey: [...COMMITTEES_KEY, 'stat', prefix],
    queryFn: ({ signal }) => callEndpoint(committees.stat[prefix], { signal }),
  });
