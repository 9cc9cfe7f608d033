import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DepotResponse, depotListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryQueryKeys } from './delivery-query-keys';

/** GET /api/delivery/depots: where deliveries start and fees are measured from. */
export async function getDepots(): Promise<DepotResponse[]> {
  const { depots } = await apiFetch('/api/delivery/depots', depotListResponseSchema);
  return depots;
}

export function depotsQueryOptions() {
  return queryOptions({ queryKey: deliveryQueryKeys.depots(), queryFn: getDepots });
}

export function useDepots() {
  return useQuery(depotsQueryOptions());
}
