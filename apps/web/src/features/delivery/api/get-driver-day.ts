import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DriverDay, driverDayResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** GET /api/delivery/driver/day: the routes the signed-in driver is on that day (§7.4). */
export async function getDriverDay(date: string): Promise<DriverDay> {
  return apiFetch(
    `/api/delivery/driver/day?date=${encodeURIComponent(date)}`,
    driverDayResponseSchema,
  );
}

export function driverDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: deliveryDayQueryKeys.driverDay(date),
    queryFn: () => getDriverDay(date),
    // A crew on the road: what the office changed shows on the next look, not 5 minutes later.
    staleTime: 30_000,
  });
}

export function useDriverDay(date: string) {
  return useQuery(driverDayQueryOptions(date));
}
