import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Blackout, type BlackoutInput, blackoutResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** POST /api/schedule/blackouts: 201 with the new blackout; bad fields are a 400 naming them. */
export async function createBlackout(input: BlackoutInput): Promise<Blackout> {
  return apiFetch('/api/schedule/blackouts', blackoutResponseSchema, {
    method: 'POST',
    json: input,
  });
}

export function useCreateBlackout() {
  const queryClient = useQueryClient();
  // Not retried: a second POST after a lost answer would make the blackout twice.
  return useMutation({
    mutationFn: createBlackout,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.blackouts() }),
  });
}
