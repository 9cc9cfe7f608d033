import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Downtime, downtimeListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/products/{id}/downtimes: the product's maintenance, open and ended. */
export async function getProductDowntimes(id: string): Promise<Downtime[]> {
  const { downtimes } = await apiFetch(
    `/api/products/${encodeURIComponent(id)}/downtimes`,
    downtimeListResponseSchema,
  );
  return downtimes;
}

export function productDowntimesQueryOptions(id: string) {
  return queryOptions({
    queryKey: inventoryQueryKeys.productDowntimes(id),
    queryFn: () => getProductDowntimes(id),
  });
}

export function useProductDowntimes(id: string) {
  return useQuery(productDowntimesQueryOptions(id));
}
