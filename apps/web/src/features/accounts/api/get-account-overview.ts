import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AccountOverview,
  accountOverviewSchema,
  EMPTY_ACCOUNT_OVERVIEW,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export async function getAccountOverview(): Promise<AccountOverview> {
  try {
    return await apiFetch('/api/account', accountOverviewSchema);
  } catch {
    // spec §7: on failure, no settings and an empty plan level.
    return EMPTY_ACCOUNT_OVERVIEW;
  }
}

export const accountOverviewQueryOptions = queryOptions({
  queryKey: ['accounts', 'overview'],
  queryFn: getAccountOverview,
});

export function useAccountOverview() {
  return useQuery(accountOverviewQueryOptions);
}
