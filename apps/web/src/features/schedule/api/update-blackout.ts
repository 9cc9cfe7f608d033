import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Blackout, type BlackoutPatch, blackoutResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** PATCH /api/schedule/blackouts/{id} with the blackout's fields. */
export async function updateBlackout({
  id,
  patch,
}: {
  id: string;
  patch: BlackoutPatch;
}): Promise<Blackout> {
  return apiFetch(`/api/schedule/blackouts/${encodeURIComponent(id)}`, blackoutResponseSchema, {
    method: 'PATCH',
    json: patch,
  });
}

export function useUpdateBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlackout,
    retry: retryServerErrorsOnce,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.blackouts() }),
  });
}
