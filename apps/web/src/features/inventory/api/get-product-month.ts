import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ProductMonth, productMonthResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/products/{id}/availability?month=YYYY-MM: free stock per day and who holds it. */
export function getProductMonth(id: string, month: string): Promise<ProductMonth> {
  return apiFetch(
    `/api/products/${encodeURIComponent(id)}/availability?${new URLSearchParams({ month })}`,
    productMonthResponseSchema,
  );
}

export function productMonthQueryOptions(id: string, month: string) {
  return queryOptions({
    queryKey: inventoryQueryKeys.productMonth(id, month),
    queryFn: () => getProductMonth(id, month),
    // Bookings change it from elsewhere (orders, the store): a minute, not five.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useProductMonth(id: string, month: string) {
  return useQuery(productMonthQueryOptions(id, month));
}
