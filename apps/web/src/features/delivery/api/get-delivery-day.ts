import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeliveryDay, deliveryDayResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** GET /api/delivery/day: the day's stops, routes with ETAs and violations, and the rest. */
export async function getDeliveryDay(date: string): Promise<DeliveryDay> {
  return apiFetch(`/api/delivery/day?date=${encodeURIComponent(date)}`, deliveryDayResponseSchema);
}

export function deliveryDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: deliveryDayQueryKeys.day(date),
    queryFn: () => getDeliveryDay(date),
  });
}

export function useDeliveryDay(date: string) {
  return useQuery(deliveryDayQueryOptions(date));
}
