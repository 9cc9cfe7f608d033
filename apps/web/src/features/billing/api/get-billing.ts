import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingOverview, billingOverviewSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { billingQueryKey } from './billing-query-keys';

/** GET /api/billing: the plan, usage this month against its limits, the card and invoices. */
export function getBilling(): Promise<BillingOverview> {
  return apiFetch('/api/billing', billingOverviewSchema);
}

export const billingQueryOptions = queryOptions({ queryKey: billingQueryKey, queryFn: getBilling });

export function useBilling() {
  return useQuery(billingQueryOptions);
}
