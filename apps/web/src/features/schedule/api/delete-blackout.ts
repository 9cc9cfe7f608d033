import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** DELETE /api/schedule/blackouts/{id}: 204. */
export async function deleteBlackout(id: string): Promise<void> {
  await apiFetch(`/api/schedule/blackouts/${encodeURIComponent(id)}`, z.unknown(), {
    method: 'DELETE',
  });
}

export function useDeleteBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlackout,
    retry: retryServerErrorsOnce,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.blackouts() }),
  });
}
