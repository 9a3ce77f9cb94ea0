import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** While the database is away (503), a screen keeps trying its reads by itself, every 5 seconds for about a minute. */
const OUTAGE_RETRIES = 12;
const OUTAGE_RETRY_MS = 5_000;
const retryWhileAway = (failures: number, error: unknown) =>
  error instanceof ApiError && error.code === 'DATABASE_UNAVAILABLE' && failures < OUTAGE_RETRIES;

/** One query cache for the app. The API client retries GETs briefly itself; the cache retries only through an outage. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryWhileAway, retryDelay: OUTAGE_RETRY_MS, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
