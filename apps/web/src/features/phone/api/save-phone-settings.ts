import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PhoneSettings,
  type PhoneSettingsInput,
  phoneSettingsSchema,
  SETTINGS_SAVE_FAILED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
} from '@tentpole/domain';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api-client';
import { phoneInfoQueryOptions } from './get-phone-info';
import { phoneSettingsQueryKey } from './get-phone-settings';

/** spec §7 POST /api/phone/settings/save with the phone settings object. */
export function savePhoneSettings(settings: PhoneSettingsInput): Promise<PhoneSettings> {
  return apiFetch('/api/phone/settings/save', phoneSettingsSchema, {
    method: 'POST',
    json: settings,
  });
}

export function useSavePhoneSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhoneSettings,
    // Saving is idempotent, but a refusal (400, 403) will not change on a second try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    onSuccess: async (saved) => {
      // spec §8: toast; spec §4: after saving, settings and phone provider data are refreshed.
      toast.success(SETTINGS_SAVED_MESSAGE);
      queryClient.setQueryData(phoneSettingsQueryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: phoneSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: phoneInfoQueryOptions.queryKey }),
      ]);
    },
    onError: () => {
      toast.error(SETTINGS_SAVE_FAILED_MESSAGE);
    },
  });
}
