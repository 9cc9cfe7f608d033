import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeliveryDay,
  type DeliveryRoutesSave,
  deliveryDayResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** PUT /api/delivery/day/routes: the whole day's arrangement; ETAs and violations come back. */
export async function saveDeliveryRoutes(save: DeliveryRoutesSave): Promise<DeliveryDay> {
  return apiFetch('/api/delivery/day/routes', deliveryDayResponseSchema, {
    method: 'PUT',
    json: save,
  });
}

export function useSaveDeliveryRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliveryRoutes,
    retry: retryServerErrorsOnce,
    onSuccess: (day) => queryClient.setQueryData(deliveryDayQueryKeys.day(day.date), day),
    // A refused save leaves the board as the server has it.
    onError: (_error, save) =>
      queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.day(save.date) }),
  });
}
