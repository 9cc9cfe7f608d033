import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Category,
  type categoryInputSchema,
  type categoryPatchSchema,
  categoryResponseSchema,
} from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryPatch = z.input<typeof categoryPatchSchema>;

/** POST /api/categories: 201 with the new category. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  const { category } = await apiFetch('/api/categories', categoryResponseSchema, {
    method: 'POST',
    json: input,
  });
  return category;
}

/** PATCH /api/categories/{id}: rename, move under another parent, show or hide, reorder. */
export async function updateCategory({
  id,
  patch,
}: {
  id: string;
  patch: CategoryPatch;
}): Promise<Category> {
  const { category } = await apiFetch(
    `/api/categories/${encodeURIComponent(id)}`,
    categoryResponseSchema,
    { method: 'PATCH', json: patch },
  );
  return category;
}

/** Categories and the products' category names change together: refresh both. */
function useRefreshCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.categories() }),
      queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.products() }),
    ]);
}

export function useCreateCategory() {
  const refresh = useRefreshCategories();
  return useMutation({ mutationFn: createCategory, retry: false, onSuccess: refresh });
}

export function useUpdateCategory() {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: updateCategory,
    retry: retryServerErrorsOnce,
    onSuccess: refresh,
  });
}
