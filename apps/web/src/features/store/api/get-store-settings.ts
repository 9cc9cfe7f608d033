import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StoreSettingsResponse, storeSettingsResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { storeQueryKeys } from './store-query-keys';

/** GET /api/store/settings: the store's address, look and rules; null before it is set up. */
export function getStoreSettings(): Promise<StoreSettingsResponse | null> {
  return apiFetch('/api/store/settings', storeSettingsResponseSchema.nullable());
}

export function storeSettingsQueryOptions() {
  return queryOptions({ queryKey: storeQueryKeys.settings(), queryFn: getStoreSettings });
}

export function useStoreSettings() {
  return useQuery(storeSettingsQueryOptions());
}
