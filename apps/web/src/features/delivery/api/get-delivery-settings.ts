import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeliverySettings, deliverySettingsResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryQueryKeys } from './delivery-query-keys';

/** GET /api/delivery/settings: the account's delivery methods and fee rules (§7.1). */
export async function getDeliverySettings(): Promise<DeliverySettings> {
  const { settings } = await apiFetch('/api/delivery/settings', deliverySettingsResponseSchema);
  return settings;
}

export function deliverySettingsQueryOptions() {
  return queryOptions({ queryKey: deliveryQueryKeys.settings(), queryFn: getDeliverySettings });
}

export function useDeliverySettings() {
  return useQuery(deliverySettingsQueryOptions());
}
