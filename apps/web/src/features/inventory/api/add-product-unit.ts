import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productResponseSchema, type productUnitInputSchema } from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

export type ProductUnitInput = z.input<typeof productUnitInputSchema>;
type AddProductUnitInput = { productId: string; unit: ProductUnitInput };

/** POST /api/products/{id}/units: the serialized product with its new unit. */
export async function addProductUnit({ productId, unit }: AddProductUnitInput): Promise<Product> {
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/units`,
    productResponseSchema,
    { method: 'POST', json: unit },
  );
  return product;
}

export function useAddProductUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProductUnit,
    retry: false,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
