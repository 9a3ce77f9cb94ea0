import { system } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client.ts';

/** The bundled copy of the personal data policy, linked until the configured address has arrived. */
const BUNDLED_POLICY = '/docs/personal-data-policy.pdf';

/** GET /links: the external documents the deployment configures (the policy, the survey instruction). */
export function useLinks() {
  const links = useQuery({
    queryKey: ['links'],
    queryFn: ({ signal }) => callEndpoint(system.links, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return links.data ?? { personalDataPolicy: BUNDLED_POLICY, surveyInstruction: null };
}
