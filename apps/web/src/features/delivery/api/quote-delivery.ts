import { useMutation } from '@tanstack/react-query';
import {
  type DeliveryQuoteRequest,
  type DeliveryQuoteResponse,
  deliveryQuoteResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** POST /api/delivery/quote: the fee for an address with how it was reached, or why not. */
export async function quoteDelivery(request: DeliveryQuoteRequest): Promise<DeliveryQuoteResponse> {
  return apiFetch('/api/delivery/quote', deliveryQuoteResponseSchema, {
    method: 'POST',
    json: request,
  });
}

/** A question, not a change: nothing to refresh afterwards. */
export function useQuoteDelivery() {
  return useMutation({ mutationFn: quoteDelivery, retry: false });
}
