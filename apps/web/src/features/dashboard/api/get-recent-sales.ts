import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RecentSale, recentSalesResponseSchema, STATS_STALE_TIME_MS } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * spec §7: the latest payments, "a list", newest first. A failure gives an empty list: spec §8
 * "Stats fetch fails | silently shows zero values", as the tiles do.
 */
export async function getRecentSales(): Promise<RecentSale[]> {
  try {
    return await apiFetch('/api/account/stats/recentSales', recentSalesResponseSchema);
  } catch {
    return [];
  }
}

export const recentSalesQueryOptions = queryOptions({
  queryKey: ['dashboard', 'stats', 'recentSales'],
  queryFn: getRecentSales,
  // spec §9: dashboard stats are cached one hour.
  staleTime: STATS_STALE_TIME_MS,
  gcTime: STATS_STALE_TIME_MS,
});

export function useRecentSales() {
  return useQuery(recentSalesQueryOptions);
}
