import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Downtime, downtimeListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/downtimes?include=current: everything in maintenance now, across the account. */
export async function getCurrentDowntimes(): Promise<Downtime[]> {
  const { downtimes } = await apiFetch(
    '/api/downtimes?include=current',
    downtimeListResponseSchema,
  );
  return downtimes;
}

export function currentDowntimesQueryOptions() {
  return queryOptions({
    queryKey: inventoryQueryKeys.currentDowntimes(),
    queryFn: getCurrentDowntimes,
  });
}

export function useCurrentDowntimes() {
  return useQuery(currentDowntimesQueryOptions());
}
