import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type CustomerOrder, customerOrdersResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

/** spec §7 GET /api/customers/{id}/orders: orders, newest event first. */
export async function getCustomerOrders(id: string): Promise<CustomerOrder[]> {
  const { orders } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}/orders`,
    customerOrdersResponseSchema,
  );
  return orders;
}

// spec §7: made only when an id is present.
export function customerOrdersQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: customerQueryKeys.related(id ?? '', 'orders'),
    queryFn: id ? () => getCustomerOrders(id) : skipToken,
  });
}

export function useCustomerOrders(id: string | undefined) {
  return useQuery(customerOrdersQueryOptions(id));
}
