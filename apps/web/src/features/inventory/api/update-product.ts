import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, type productPatchSchema, productResponseSchema } from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { storeProduct } from './store-product';

export type ProductPatch = z.input<typeof productPatchSchema>;
type UpdateProductInput = { id: string; patch: ProductPatch };

/** PATCH /api/products/{id} with the fields that changed, or `status` to archive or restore. */
export async function updateProduct({ id, patch }: UpdateProductInput): Promise<Product> {
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(id)}`,
    productResponseSchema,
    { method: 'PATCH', json: patch },
  );
  return product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // A PATCH is safe to repeat.
    retry: retryServerErrorsOnce,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
