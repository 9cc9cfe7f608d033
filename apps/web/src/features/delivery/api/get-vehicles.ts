import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Vehicle, vehicleListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** GET /api/delivery/vehicles (§7.2): capacity, depot and shift hours. */
export async function getVehicles(): Promise<Vehicle[]> {
  const { vehicles } = await apiFetch('/api/delivery/vehicles', vehicleListResponseSchema);
  return vehicles;
}

export function vehiclesQueryOptions() {
  return queryOptions({ queryKey: deliveryDayQueryKeys.vehicles(), queryFn: getVehicles });
}

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
