import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

type UploadProductImageInput = { productId: string; file: File };

/** POST /api/products/{id}/images, multipart field `file`: the product with its new image. */
export async function uploadProductImage({
  productId,
  file,
}: UploadProductImageInput): Promise<Product> {
  const form = new FormData();
  form.set('file', file);
  const { product } = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/images`,
    productResponseSchema,
    { method: 'POST', form },
  );
  return product;
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    // Not retried: a second try could add the image twice.
    retry: false,
    onSuccess: (product) => storeProduct(queryClient, product),
  });
}
