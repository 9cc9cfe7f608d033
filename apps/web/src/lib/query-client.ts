import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

// spec §9: stale time 5 minutes, one retry for queries and mutations, no refetch on focus or reconnect.
export const queryDefaults = {
  queries: {
    staleTime: 300_000,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
  mutations: {
    retry: 1,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
