import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import type { ProductUnitInput } from './add-product-unit';
import { storeProduct } from './store-product';

type UpdateProductUnitInput = {
  productId: string;
  unitId: string;
  patch: Partial<ProductUnitInput>;
};

/** PATCH /api/products/{id}/units/{unitId}: rename, change the serial, retire or bring back. */
export async function updateProductUnit({
  productId,
  unitId,
  patch,
}: UpdateProductUnitInput): Promise<Product> {
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/units/${encodeURIComponent(unitId)}`,
    productResponseSchema,
    { method: 'PATCH', json: patch },
  );
  return product;
}

export function useUpdateProductUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductUnit,
    retry: retryServerErrorsOnce,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
