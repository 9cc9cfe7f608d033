import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callLogEntrySchema } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

// spec §7: the phone response is read whole. Calls are call log entries; the fields of a
// message are not shown (spec §3), so messages are only counted.
const customerPhoneResponseSchema = z.object({
  calls: z.array(callLogEntrySchema),
  messages: z.array(z.unknown()),
});
export type CustomerPhoneHistory = z.output<typeof customerPhoneResponseSchema>;

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
