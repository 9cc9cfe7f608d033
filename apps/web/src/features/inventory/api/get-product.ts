import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Product, productResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/products/{id}. */
export async function getProduct(id: string): Promise<Product> {
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(id)}`,
    productResponseSchema,
  );
  return product;
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: inventoryQueryKeys.product(id),
    queryFn: () => getProduct(id),
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
