import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { deliveryQueryKeys } from './delivery-query-keys';

/** DELETE /api/delivery/depots/{id}: 204, or 404 when it is already gone. */
export async function deleteDepot(id: string): Promise<void> {
  const response = await fetch(`/api/delivery/depots/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok && response.status !== 404) throw new ApiError(response.status, null);
}

export function useDeleteDepot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepot,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryQueryKeys.depots() }),
  });
}
