import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeliveryCrewSave,
  type DeliveryDay,
  deliveryDayResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** PUT /api/delivery/day/crew: a truck's crew for the day, whole (decision 0043). */
export async function saveDeliveryCrew(save: DeliveryCrewSave): Promise<DeliveryDay> {
  return apiFetch('/api/delivery/day/crew', deliveryDayResponseSchema, {
    method: 'PUT',
    json: save,
  });
}

export function useSaveDeliveryCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliveryCrew,
    retry: retryServerErrorsOnce,
    onSuccess: (day) => queryClient.setQueryData(deliveryDayQueryKeys.day(day.date), day),
  });
}
