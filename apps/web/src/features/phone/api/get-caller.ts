import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CustomerOrder, customerListResponseSchema } from '@tentpole/domain';
import { customerQueryOptions } from '@/features/customers/api/get-customer';
import { customerOrdersQueryOptions } from '@/features/customers/api/get-customer-orders';
import { apiFetch } from '@/lib/api-client';

const CANCELLED = /cancel/i;

/** The caller's next order: the first one from today on that is not cancelled. */
export function nextOrder(orders: CustomerOrder[], today: string): CustomerOrder | null {
  return (
    orders
      .filter((order) => order.eventDate.slice(0, 10) >= today && !CANCELLED.test(order.status))
      .sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0] ?? null
  );
}

// The caller is a customer read through the customers feature's own queries, under the same
// cache keys: editing the customer renames the caller too. spec §7: made only when an id is
// present. The caller's name is wanted while the phone rings, so this page's lookup is not
// retried: the number is shown instead.
export function useCallerCustomer(id: string | null) {
  return useQuery({ ...customerQueryOptions(id ?? undefined), retry: false });
}

export function useCallerOrders(id: string | null) {
  return useQuery({ ...customerOrdersQueryOptions(id ?? undefined), retry: false });
}

/** Issue 15: customers found by name (or e-mail, phone) for the Outbound Call dialog. */
export function useCustomerNameSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['phone', 'customer-search', search],
    queryFn: () =>
      apiFetch(
        `/api/customers?${new URLSearchParams({ search, pageSize: '6' })}`,
        customerListResponseSchema,
      ),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
