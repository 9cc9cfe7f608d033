import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { storeProduct } from './store-product';

type DeleteProductImageInput = { productId: string; imageId: string };

/** DELETE /api/products/{id}/images/{imageId}: the product without the image. */
export async function deleteProductImage({
  productId,
  imageId,
}: DeleteProductImageInput): Promise<Product> {
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/images/${encodeURIComponent(imageId)}`,
    productResponseSchema,
    { method: 'DELETE' },
  );
  return product;
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    retry: retryServerErrorsOnce,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
