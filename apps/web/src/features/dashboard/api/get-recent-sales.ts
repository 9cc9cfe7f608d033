import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATS_STALE_TIME_MS } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const recentSaleSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.union([z.string(), z.number()]),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  amountCents: z.number(),
  paidAt: z.string(),
});

// spec §7: "a list"; the server sends it as `sales`, newest first.
const recentSalesResponseSchema = z.object({ sales: z.array(recentSaleSchema) });

export type RecentSale = z.output<typeof recentSaleSchema>;

export async function getRecentSales(): Promise<RecentSale[]> {
  const { sales } = await apiFetch('/api/account/stats/recentSales', recentSalesResponseSchema);
  return sales;
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
