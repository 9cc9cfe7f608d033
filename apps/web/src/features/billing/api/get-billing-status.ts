import { useQuery } from '@tanstack/react-query';
import { billingStatusSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { billingStatusQueryKey } from './billing-query-keys';

/** GET /api/billing/status: whether the account may only read (every screen's banner). */
export function useBillingStatus() {
  return useQuery({
    queryKey: billingStatusQueryKey,
    queryFn: () => apiFetch('/api/billing/status', billingStatusSchema),
    staleTime: 60_000,
  });
}
