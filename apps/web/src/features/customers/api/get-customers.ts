import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CustomerListQuery,
  type CustomerListResponse,
  customerListResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';

/** spec §7 GET /api/customers, with the optional search, the page and the sort asked for. */
export async function getCustomers(query: CustomerListQuery): Promise<CustomerListResponse> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.search !== '') params.set('search', query.search);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  return apiFetch(`/api/customers?${params}`, customerListResponseSchema);
}

export function customersQueryOptions(query: CustomerListQuery) {
  return queryOptions({
    queryKey: customerQueryKeys.list(query),
    queryFn: () => getCustomers(query),
    // The previous page stays on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(query: CustomerListQuery) {
  return useQuery(customersQueryOptions(query));
}
