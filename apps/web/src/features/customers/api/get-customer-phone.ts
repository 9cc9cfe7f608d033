import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type CustomerPhoneHistory, customerPhoneResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

export type { CustomerPhoneHistory };

/** spec §7 GET /api/customers/{id}/phone. */
export async function getCustomerPhone(id: string): Promise<CustomerPhoneHistory> {
  return apiFetch(`/api/customers/${encodeURIComponent(id)}/phone`, customerPhoneResponseSchema);
}

// spec §7: made only when an id is present.
export function customerPhoneQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: customerQueryKeys.related(id ?? '', 'phone'),
    queryFn: id ? () => getCustomerPhone(id) : skipToken,
  });
}

export function useCustomerPhone(id: string | undefined) {
  return useQuery(customerPhoneQueryOptions(id));
}
