import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type DeliveryQuoteRequest,
  type DeliveryQuoteResponse,
  deliveryQuoteResponseSchema,
} from '@tentpole/domain';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
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

/**
 * Where an address alone is placed (the geocoder, or its ZIP code's centre), for the depot's map:
 * asked once the typing pauses, and only with a ZIP code or a street and city to go on.
 */
export function useAddressPlace(address: {
  line1: string;
  city: string;
  region: string;
  postalCode: string;
}) {
  // Debounced as text: a new object each render would restart the wait for ever.
  const key = useDebouncedValue(
    JSON.stringify([address.line1, address.city, address.region, address.postalCode]),
    400,
  );
  const [line1, city, region, postalCode] = JSON.parse(key) as string[];
  const asked = {
    line1: line1 ?? '',
    city: city ?? '',
    region: region ?? '',
    postalCode: postalCode ?? '',
  };
  const enough = asked.postalCode.trim() !== '';
  return useQuery({
    queryKey: ['delivery', 'address-place', key],
    enabled: enough,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const quote = await quoteDelivery({
        method: 'staffed',
        address: { ...asked, lat: null, lng: null },
      });
      return quote.lat !== null && quote.lng !== null && quote.locatedBy !== null
        ? { lat: quote.lat, lng: quote.lng, locatedBy: quote.locatedBy }
        : null;
    },
  });
}
