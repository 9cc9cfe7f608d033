import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EMPTY_SALES_OVERVIEW,
  type SalesOverview,
  STATS_STALE_TIME_MS,
  salesOverviewResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export type { SalesOverview };

// spec §7: an empty overview when the fetch fails.
export async function getSalesOverview(): Promise<SalesOverview> {
  try {
    return await apiFetch('/api/account/stats/sales', salesOverviewResponseSchema);
  } catch {
    return EMPTY_SALES_OVERVIEW;
  }
}

export const salesOverviewQueryOptions = queryOptions({
  queryKey: ['dashboard', 'stats', 'sales'],
  queryFn: getSalesOverview,
  // spec §9: dashboard stats are cached one hour.
  staleTime: STATS_STALE_TIME_MS,
  gcTime: STATS_STALE_TIME_MS,
});

export function useSalesOverview() {
  return useQuery(salesOverviewQueryOptions);
}
