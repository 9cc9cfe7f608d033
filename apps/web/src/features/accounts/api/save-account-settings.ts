import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AccountSettings,
  type AccountSettingsInput,
  accountSettingsSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { accountSettingsQueryKey } from './account-settings-query-keys';
import { accountOverviewQueryOptions } from './get-account-overview';
import { teamsQueryOptions } from './get-teams';

/** PUT /api/account/settings with the whole settings; a bad field is a 400 naming its path. */
export function saveAccountSettings(settings: AccountSettingsInput): Promise<AccountSettings> {
  return apiFetch('/api/account/settings', accountSettingsSchema, {
    method: 'PUT',
    json: settings,
  });
}

export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountSettings,
    retry: retryServerErrorsOnce,
    onSuccess: (settings) => {
      queryClient.setQueryData(accountSettingsQueryKey, settings);
      // The account switcher shows the name and logo; the overview carries the settings.
      void queryClient.invalidateQueries({ queryKey: teamsQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: accountOverviewQueryOptions.queryKey });
    },
  });
}
