import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ScheduleInput,
  type ScheduleResponse,
  scheduleResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** PUT /api/schedule: the hours, service hours and rules, all three whole. */
export async function saveSchedule(input: ScheduleInput): Promise<ScheduleResponse> {
  return apiFetch('/api/schedule', scheduleResponseSchema, { method: 'PUT', json: input });
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    // A PUT of the whole schedule is safe to send twice.
    retry: retryServerErrorsOnce,
    onSuccess: (saved) => queryClient.setQueryData(scheduleQueryKeys.schedule(), saved),
  });
}
