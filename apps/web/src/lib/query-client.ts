import { QueryClient } from '@tanstack/react-query';

/** One query cache for the app. The API client retries GETs itself, so the cache does not retry again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
