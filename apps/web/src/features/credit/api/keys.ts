import { useQueryClient } from '@tanstack/react-query';

/** The root of every credit query: a change to a distributor refreshes the list, the holdings and a company's data. */
export const CREDIT_KEY = ['credit'] as const;

export function useInvalidateCredit(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CREDIT_KEY });
}
