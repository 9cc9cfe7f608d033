import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATS_STALE_TIME_MS } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

// spec §3: payments (a list) and totalAmount; here by month, in integer cents.
const salesOverviewSchema = z.object({
  payments: z.array(z.object({ month: z.string(), amountCents: z.number() })),
  totalAmount: z.number(),
});

export type SalesOverview = z.output<typeof salesOverviewSchema>;

// spec §7: an empty overview when the fetch fails.
export const EMPTY_SALES_OVERVIEW: SalesOverview = { payments: [], totalAmount: 0 };

export async function getSalesOverview(): Promise<SalesOverview> {
  try {
    return await apiFetch('/api/account/stats/sales', salesOverviewSchema);
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
