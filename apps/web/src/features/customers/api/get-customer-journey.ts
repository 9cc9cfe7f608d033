import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { customerJourneyResponseSchema, type JourneyItem } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

/** spec §7 GET /api/customers/{id}/journey: journey, newest first. */
export async function getCustomerJourney(id: string): Promise<JourneyItem[]> {
  const { journey } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}/journey`,
    customerJourneyResponseSchema,
  );
  return journey;
}

// spec §7: made only when an id is present.
export function customerJourneyQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: customerQueryKeys.related(id ?? '', 'journey'),
    queryFn: id ? () => getCustomerJourney(id) : skipToken,
  });
}

export function useCustomerJourney(id: string | undefined) {
  return useQuery(customerJourneyQueryOptions(id));
}
