import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Surface, type surfaceInputSchema, surfaceResponseSchema } from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

export type SurfaceInput = z.input<typeof surfaceInputSchema>;

/** POST /api/surfaces: 201 with the new surface. */
export async function createSurface(input: SurfaceInput): Promise<Surface> {
  const { surface } = await apiFetch('/api/surfaces', surfaceResponseSchema, {
    method: 'POST',
    json: input,
  });
  return surface;
}

/** PATCH /api/surfaces/{id}. */
export async function updateSurface({
  id,
  patch,
}: {
  id: string;
  patch: Partial<SurfaceInput>;
}): Promise<Surface> {
  const { surface } = await apiFetch(
    `/api/surfaces/${encodeURIComponent(id)}`,
    surfaceResponseSchema,
    { method: 'PATCH', json: patch },
  );
  return surface;
}

/** The surface page shows the catalogue from the grid's answer (its columns): refresh that. */
function useRefreshSurfaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.surfaceRules() });
}

export function useCreateSurface() {
  const refresh = useRefreshSurfaces();
  return useMutation({ mutationFn: createSurface, retry: false, onSuccess: refresh });
}

export function useUpdateSurface() {
  const refresh = useRefreshSurfaces();
  return useMutation({
    mutationFn: updateSurface,
    retry: retryServerErrorsOnce,
    onSuccess: refresh,
  });
}
