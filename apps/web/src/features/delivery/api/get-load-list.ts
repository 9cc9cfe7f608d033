import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LoadListResponse, loadListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** GET /api/delivery/load-list: a truck's load list, or the whole day's (§7.4). */
export async function getLoadList(
  date: string,
  vehicleId: string | null,
): Promise<LoadListResponse> {
  const search = new URLSearchParams({ date });
  if (vehicleId) search.set('vehicleId', vehicleId);
  return apiFetch(`/api/delivery/load-list?${search}`, loadListResponseSchema);
}

export function useLoadList(date: string, vehicleId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: deliveryDayQueryKeys.loadList(date, vehicleId),
      queryFn: () => getLoadList(date, vehicleId),
    }),
  );
}
