import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BillingCheckoutInput,
  type BillingOverview,
  type BillingPlanChangeInput,
  billingCheckoutResponseSchema,
  billingOverviewSchema,
} from '@tentpole/domain';
import { accountOverviewQueryOptions } from '@/features/accounts/api/get-account-overview';
import { teamsQueryOptions } from '@/features/accounts/api/get-teams';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { billingQueryKey } from './billing-query-keys';

/** The plan, the trial and the read-only state live in the session and the shell too. */
function useAfterBillingChange() {
  const queryClient = useQueryClient();
  return (overview: BillingOverview) => {
    queryClient.setQueryData(billingQueryKey, overview);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: accountOverviewQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: teamsQueryOptions.queryKey });
  };
}

/** POST /api/billing/checkout, then off to the hosted Checkout page. */
export function useStartBillingCheckout() {
  return useMutation({
    mutationFn: (input: BillingCheckoutInput) =>
      apiFetch('/api/billing/checkout', billingCheckoutResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: retryServerErrorsOnce,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** POST /api/billing/confirm: the return from Checkout, settled at once. */
export function useConfirmBillingCheckout() {
  const after = useAfterBillingChange();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch('/api/billing/confirm', billingOverviewSchema, {
        method: 'POST',
        json: { sessionId },
      }),
    retry: retryServerErrorsOnce,
    onSuccess: after,
  });
}

/** PUT /api/billing/plan: a change on the card on file. */
export function useChangePlan() {
  const after = useAfterBillingChange();
  return useMutation({
    mutationFn: (input: BillingPlanChangeInput) =>
      apiFetch('/api/billing/plan', billingOverviewSchema, { method: 'PUT', json: input }),
    retry: retryServerErrorsOnce,
    onSuccess: after,
  });
}
