import { apiCall } from './api.js';
import type { HttpClient } from './http-client.js';

/**
 * An order through the API for one product: a Saturday party in June 2026 (3 PM to 11 PM UTC),
 * delivered to Austin. `more` adds to or replaces the body (notes, other lines…).
 */
export async function postPartyOrder(
  client: HttpClient,
  {
    customerId,
    productId,
    quantity = 1,
    more = {},
  }: { customerId: string; productId: string; quantity?: number; more?: Record<string, unknown> },
) {
  const { body } = await apiCall<{ order: { id: string; number: number } }>(
    client,
    'POST',
    '/api/orders',
    {
      customerId,
      eventStart: '2026-06-13T15:00:00Z',
      eventEnd: '2026-06-13T23:00:00Z',
      fulfilment: 'delivery',
      address: { line1: '1 Party Lane', city: 'Austin', region: 'TX', postalCode: '78701' },
      lines: [{ productId, quantity }],
      ...more,
    },
  );
  return body.order;
}

/** The path of the customer's order page (/o/{token}) for an order, made by staff. */
export async function orderPagePath(client: HttpClient, orderId: string) {
  const { body } = await apiCall<{ url: string }>(client, 'POST', `/api/orders/${orderId}/link`);
  return new URL(body.url).pathname;
}
