import { useQuery } from '@tanstack/react-query';
import {
  type Customer,
  type CustomerOrder,
  customerOrdersResponseSchema,
  customerResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** spec §7 GET /api/customers/{id}: the caller's name on an incoming call. */
export async function getCallerCustomer(id: string): Promise<Customer> {
  const { customer } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}`,
    customerResponseSchema,
  );
  return customer;
}

/** spec §7 GET /api/customers/{id}/orders. */
export async function getCallerOrders(id: string): Promise<CustomerOrder[]> {
  const { orders } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}/orders`,
    customerOrdersResponseSchema,
  );
  return orders;
}

const CANCELLED = /cancel/i;

/** The caller's next order: the first one from today on that is not cancelled. */
export function nextOrder(orders: CustomerOrder[], today: string): CustomerOrder | null {
  return (
    orders
      .filter((order) => order.eventDate.slice(0, 10) >= today && !CANCELLED.test(order.status))
      .sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0] ?? null
  );
}

// spec §7: customer calls are made only when an id is present. The caller's name is wanted
// while the phone rings, so a failed lookup is not retried: the number is shown instead.
export function useCallerCustomer(id: string | null) {
  return useQuery({
    queryKey: ['phone', 'caller', id],
    queryFn: () => getCallerCustomer(id ?? ''),
    enabled: id !== null,
    retry: false,
  });
}

export function useCallerOrders(id: string | null) {
  return useQuery({
    queryKey: ['phone', 'caller', id, 'orders'],
    queryFn: () => getCallerOrders(id ?? ''),
    enabled: id !== null,
    retry: false,
  });
}
