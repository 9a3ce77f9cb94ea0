import { useQueryClient } from '@tanstack/react-query';
import { ORG_KEY } from './prefix.ts';

/** Refreshes every organisation list and the navigation counts after a change. */
export function useInvalidateOrganisation(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ORG_KEY });
}
