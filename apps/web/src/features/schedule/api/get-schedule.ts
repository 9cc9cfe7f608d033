import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ScheduleResponse, scheduleResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** GET /api/schedule: business hours, service hours and booking rules, with the time zone. */
export async function getSchedule(): Promise<ScheduleResponse> {
  return apiFetch('/api/schedule', scheduleResponseSchema);
}

export function scheduleQueryOptions() {
  return queryOptions({ queryKey: scheduleQueryKeys.schedule(), queryFn: getSchedule });
}

export function useSchedule() {
  return useQuery(scheduleQueryOptions());
}
