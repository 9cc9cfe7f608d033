import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Category, categoryListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/categories: every category, parents before children, siblings in their order. */
export async function getCategories(): Promise<Category[]> {
  const { categories } = await apiFetch('/api/categories', categoryListResponseSchema);
  return categories;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: inventoryQueryKeys.categories(), queryFn: getCategories });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
