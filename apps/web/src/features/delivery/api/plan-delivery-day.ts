import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeliveryDay, deliveryDayResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { deliveryDayQueryKeys } from './delivery-day-query-keys';

/** POST /api/delivery/day/plan: the optimiser plans and saves the day (§7.3). */
export async function planDeliveryDay(date: string): Promise<DeliveryDay> {
  return apiFetch('/api/delivery/day/plan', deliveryDayResponseSchema, {
    method: 'POST',
    json: { date },
  });
}

export function usePlanDeliveryDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: planDeliveryDay,
    retry: retryServerErrorsOnce,
    // The plan's answer carries the reasons for what it left out: shown as it came.
    onSuccess: (day) => queryClient.setQueryData(deliveryDayQueryKeys.day(day.date), day),
  });
}
