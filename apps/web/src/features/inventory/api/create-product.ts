import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, type ProductInput, productResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

/** POST /api/products: 201 with the new product. */
export async function createProduct(input: ProductInput): Promise<Product> {
  const { product } = await apiFetch('/api/products', productResponseSchema, {
    method: 'POST',
    json: input,
  });
  return product;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Not retried: a create that reached the server but lost its answer would make two.
    retry: false,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
