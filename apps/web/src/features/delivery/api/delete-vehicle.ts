import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** DELETE /api/delivery/vehicles/{id}: 204, or 404 when it is already gone. */
export async function deleteVehicle(id: string): Promise<void> {
  const response = await fetch(`/api/delivery/vehicles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok && response.status !== 404) throw new ApiError(response.status, null);
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.vehicles() }),
        queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.days() }),
      ]),
  });
}
