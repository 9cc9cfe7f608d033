import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AccountSettings, accountSettingsSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { accountSettingsQueryKey } from './account-settings-query-keys';

/** GET /api/account/settings: the business, region, sales tax, deposit, waiver, documents (§2). */
export function getAccountSettings(): Promise<AccountSettings> {
  return apiFetch('/api/account/settings', accountSettingsSchema);
}

export function accountSettingsQueryOptions() {
  return queryOptions({ queryKey: accountSettingsQueryKey, queryFn: getAccountSettings });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
