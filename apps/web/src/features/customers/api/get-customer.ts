import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type Customer, customerResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

/** spec §7 GET /api/customers/{id}: the customer. */
export async function getCustomer(id: string): Promise<Customer> {
  const { customer } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}`,
    customerResponseSchema,
  );
  return customer;
}

// spec §7: the customer is fetched only when an id is present.
export function customerQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: customerQueryKeys.detail(id ?? ''),
    queryFn: id ? () => getCustomer(id) : skipToken,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery(customerQueryOptions(id));
}
