import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type CustomerDocument, customerDocumentsResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

/** spec §7 GET /api/customers/{id}/documents: documents. */
export async function getCustomerDocuments(id: string): Promise<CustomerDocument[]> {
  const { documents } = await apiFetch(
    `/api/customers/${encodeURIComponent(id)}/documents`,
    customerDocumentsResponseSchema,
  );
  return documents;
}

// spec §7: made only when an id is present.
export function customerDocumentsQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: customerQueryKeys.related(id ?? '', 'documents'),
    queryFn: id ? () => getCustomerDocuments(id) : skipToken,
  });
}

export function useCustomerDocuments(id: string | undefined) {
  return useQuery(customerDocumentsQueryOptions(id));
}
