import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_COUNT, QUERY_STALE_TIME_MS } from '@tentpole/domain';

// spec §9: stale time 5 minutes, one retry for queries and mutations, no refetch on focus or reconnect.
export const queryDefaults = {
  queries: {
    staleTime: QUERY_STALE_TIME_MS,
    retry: QUERY_RETRY_COUNT,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
  mutations: {
    retry: QUERY_RETRY_COUNT,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
