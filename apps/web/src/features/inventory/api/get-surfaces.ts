import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Surface, surfaceListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { inventoryQueryKeys } from './inventory-query-keys';

/** GET /api/surfaces: the account's surface catalogue, in its order. */
export async function getSurfaces(): Promise<Surface[]> {
  const { surfaces } = await apiFetch('/api/surfaces', surfaceListResponseSchema);
  return surfaces;
}

export function surfacesQueryOptions() {
  return queryOptions({ queryKey: inventoryQueryKeys.surfaces(), queryFn: getSurfaces });
}

export function useSurfaces() {
  return useQuery(surfacesQueryOptions());
}
