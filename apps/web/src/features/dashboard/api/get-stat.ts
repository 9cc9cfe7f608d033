import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATS_STALE_TIME_MS, type StatResponse, statResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export const STAT_NAMES = ['cartSessions', 'newCustomers', 'orders', 'ytdRevenue'] as const;
export type StatName = (typeof STAT_NAMES)[number];

/** One tile's figures; null when the fetch failed (spec §8: the tile then shows zero, silently). */
export async function getStat(name: StatName): Promise<StatResponse | null> {
  try {
    return await apiFetch(`/api/account/stats/${name}`, statResponseSchema);
  } catch {
    return null;
  }
}

export function statQueryOptions(name: StatName) {
  return queryOptions({
    queryKey: ['dashboard', 'stats', name],
    queryFn: () => getStat(name),
    // spec §9: dashboard stats are cached one hour.
    staleTime: STATS_STALE_TIME_MS,
    gcTime: STATS_STALE_TIME_MS,
  });
}

export function useStat(name: StatName) {
  return useQuery(statQueryOptions(name));
}
