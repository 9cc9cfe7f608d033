import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeliverySettings,
  type DeliverySettingsInput,
  deliverySettingsResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { deliveryQueryKeys } from './delivery-query-keys';

/** PUT /api/delivery/settings with the whole rules; a bad rule is a 400 naming its field. */
export async function saveDeliverySettings(
  settings: DeliverySettingsInput,
): Promise<DeliverySettings> {
  const body = await apiFetch('/api/delivery/settings', deliverySettingsResponseSchema, {
    method: 'PUT',
    json: settings,
  });
  return body.settings;
}

export function useSaveDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliverySettings,
    retry: retryServerErrorsOnce,
    onSuccess: (settings) => queryClient.setQueryData(deliveryQueryKeys.settings(), settings),
  });
}
