import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DepotInput, type DepotResponse, depotResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { deliveryQueryKeys } from './delivery-query-keys';

/**
 * POST /api/delivery/depots (a new depot) or PATCH /api/delivery/depots/{id}: placed at the
 * pin given, else where its address is found; a 400 on `lat` when it cannot be placed.
 */
export async function saveDepot({
  id,
  depot,
}: {
  id: string | null;
  depot: DepotInput;
}): Promise<DepotResponse> {
  return id === null
    ? apiFetch('/api/delivery/depots', depotResponseSchema, { method: 'POST', json: depot })
    : apiFetch(`/api/delivery/depots/${encodeURIComponent(id)}`, depotResponseSchema, {
        method: 'PATCH',
        json: depot,
      });
}

export function useSaveDepot() {
  const queryClient = useQueryClient();
  // Not retried: a second POST after a lost answer would make the depot twice.
  return useMutation({
    mutationFn: saveDepot,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeys.depots() }),
  });
}
