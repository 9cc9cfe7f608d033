import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SurfaceRule, surfaceRulesResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import type { SurfaceGrid } from './get-surface-grid';
import { inventoryQueryKeys } from './inventory-query-keys';

type SaveSurfaceRulesInput = { productId: string; rules: SurfaceRule[] };

/** PUT /api/products/{id}/surfaces: the product's full rule list; answers the rules kept. */
export async function saveSurfaceRules({
  productId,
  rules,
}: SaveSurfaceRulesInput): Promise<SurfaceRule[]> {
  const response = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/surfaces`,
    surfaceRulesResponseSchema,
    { method: 'PUT', json: rules },
  );
  return response.rules;
}

export function useSaveSurfaceRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSurfaceRules,
    // A PUT of the whole list is safe to repeat.
    retry: retryServerErrorsOnce,
    onSuccess: (rules, { productId }) => {
      // The grid shows the row as the server kept it, without loading every row again.
      queryClient.setQueryData<SurfaceGrid>(inventoryQueryKeys.surfaceRules(), (grid) =>
        grid
          ? {
              ...grid,
              products: grid.products.map((product) =>
                product.id === productId ? { ...product, rules } : product,
              ),
            }
          : grid,
      );
    },
  });
}
