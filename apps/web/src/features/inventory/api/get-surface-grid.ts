import { queryOptions, useQuery } from '@tanstack/react-query';
import { surfaceGridResponseSchema } from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

export type SurfaceGrid = z.output<typeof surfaceGridResponseSchema>;
export type SurfaceGridProduct = SurfaceGrid['products'][number];

/** GET /api/surfaces/rules: every product × surface rule. */
export function getSurfaceGrid(): Promise<SurfaceGrid> {
  return apiFetch('/api/surfaces/rules', surfaceGridResponseSchema);
}

export function surfaceGridQueryOptions() {
  return queryOptions({ queryKey: inventoryQueryKeys.surfaceRules(), queryFn: getSurfaceGrid });
}

export function useSurfaceGrid() {
  return useQuery(surfaceGridQueryOptions());
}
