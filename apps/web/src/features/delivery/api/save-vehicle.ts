import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Vehicle, type VehicleInput, vehicleResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** POST /api/delivery/vehicles (a new vehicle) or PATCH /api/delivery/vehicles/{id}. */
export async function saveVehicle({
  id,
  vehicle,
}: {
  id: string | null;
  vehicle: VehicleInput;
}): Promise<Vehicle> {
  const body =
    id === null
      ? await apiFetch('/api/delivery/vehicles', vehicleResponseSchema, {
          method: 'POST',
          json: vehicle,
        })
      : await apiFetch(`/api/delivery/vehicles/${encodeURIComponent(id)}`, vehicleResponseSchema, {
          method: 'PATCH',
          json: vehicle,
        });
  return body.vehicle;
}

export function useSaveVehicle() {
  const queryClient = useQueryClient();
  // Not retried: a second POST after a lost answer would make the vehicle twice.
  return useMutation({
    mutationFn: saveVehicle,
    retry: false,
    // The vehicles and every day's routes (a vehicle's shift or capacity changes its ETAs).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.vehicles() }),
        queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.days() }),
      ]),
  });
}
