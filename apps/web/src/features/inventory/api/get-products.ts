import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ProductListQuery, productListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/products with the search, category, status and page asked for. */
export function getProducts(query: ProductListQuery) {
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.search !== '') params.set('search', query.search);
  if (query.categoryId) params.set('categoryId', query.categoryId);
  return apiFetch(`/api/products?${params}`, productListResponseSchema);
}

export function productsQueryOptions(query: ProductListQuery) {
  return queryOptions({
    queryKey: inventoryQueryKeys.productList(query),
    queryFn: () => getProducts(query),
    // The previous page stays on screen while the next search or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQueryOptions(query));
}
