import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { VOTING_KEY } from './prefix.ts';

/** GET /vote/getArchive: past votings the caller could answer, with the published results. */
export const useVoterArchive = () =>
  useQuery({ queryKey: [...VOTING_KEY, 'voter', 'archive'], queryFn: ({ signal }) => callEndpoint(voting.voterArchive, { signal }) });
