import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Downtime, downtimeResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { invalidateStock } from './invalidate-stock';

/** DELETE /api/downtimes/{id}: ends it now; answers with the ended downtime. */
export async function endDowntime(id: string): Promise<Downtime> {
  const { downtime } = await apiFetch(
    `/api/downtimes/${encodeURIComponent(id)}`,
    downtimeResponseSchema,
    { method: 'DELETE' },
  );
  return downtime;
}

export function useEndDowntime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDowntime,
    retry: retryServerErrorsOnce,
    onSuccess: (downtime) => invalidateStock(queryClient, downtime.productId),
  });
}
