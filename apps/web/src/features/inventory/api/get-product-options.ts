import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE_MAX, type ProductListItem } from '@tentpole/domain';
import { getProducts } from './get-products';
import { inventoryQueryKeys } from './inventory-query-keys';

const PICKER_QUERY = {
  search: '',
  status: 'active',
  page: 1,
  pageSize: PRODUCT_PAGE_SIZE_MAX,
} as const;

/**
 * The active products to choose from in a picker (a bundle's components, accessories, a
 * surface's stakes): the first page of the largest size the API serves, by name.
 */
export function productOptionsQueryOptions() {
  return queryOptions({
    queryKey: inventoryQueryKeys.productList(PICKER_QUERY),
    queryFn: () => getProducts(PICKER_QUERY),
    select: (data): ProductListItem[] =>
      [...data.products].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

export function useProductOptions() {
  return useQuery(productOptionsQueryOptions());
}
