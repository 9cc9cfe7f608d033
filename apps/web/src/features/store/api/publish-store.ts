import { useMutation } from '@tanstack/react-query';
import { type StoreSettingsInput, storeSettingsResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';

/** PUT /api/store/settings: the store goes live at /s/{slug} (the other settings default). */
export function usePublishStore() {
  return useMutation({
    mutationFn: (input: StoreSettingsInput) =>
      apiFetch('/api/store/settings', storeSettingsResponseSchema, { method: 'PUT', json: input }),
    retry: retryServerErrorsOnce,
  });
}
