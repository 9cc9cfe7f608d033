import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PhoneSettings, phoneSettingsSchema } from '@tentpole/domain';
import { ApiError, apiFetch } from '@/lib/api-client';

/** spec §7 GET /api/phone/settings; spec §4: a 404 means not yet set up, treated as null. */
export async function getPhoneSettings(): Promise<PhoneSettings | null> {
  try {
    return await apiFetch('/api/phone/settings', phoneSettingsSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const phoneSettingsQueryKey = ['phone', 'settings'] as const;

export const phoneSettingsQueryOptions = queryOptions({
  queryKey: phoneSettingsQueryKey,
  queryFn: getPhoneSettings,
});

/** spec §4: phone settings are fetched on demand (where the form is shown). */
export function usePhoneSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...phoneSettingsQueryOptions, enabled });
}
