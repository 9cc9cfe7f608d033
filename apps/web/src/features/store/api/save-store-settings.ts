import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StoreSettingsInput, storeSettingsResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { storeQueryKeys } from './store-query-keys';

/** PUT /api/store/settings from Website Settings: saving creates the store when it has none. */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreSettingsInput) =>
      apiFetch('/api/store/settings', storeSettingsResponseSchema, { method: 'PUT', json: input }),
    retry: retryServerErrorsOnce,
    onSuccess: (saved) => queryClient.setQueryData(storeQueryKeys.settings(), saved),
  });
}
