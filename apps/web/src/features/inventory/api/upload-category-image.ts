import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Category, categoryResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** POST /api/categories/{id}/image, multipart field `file`: replaces the category's image. */
export async function uploadCategoryImage({
  categoryId,
  file,
}: {
  categoryId: string;
  file: File;
}): Promise<Category> {
  const form = new FormData();
  form.set('file', file);
  const { category } = await apiFetch(
    `/api/categories/${encodeURIComponent(categoryId)}/image`,
    categoryResponseSchema,
    { method: 'POST', form },
  );
  return category;
}

export function useUploadCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCategoryImage,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.categories() }),
  });
}
