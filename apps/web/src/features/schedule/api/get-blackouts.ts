import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Blackout, blackoutListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** GET /api/schedule/blackouts: the account's blackout dates, by first day. */
export async function getBlackouts(): Promise<Blackout[]> {
  const { blackouts } = await apiFetch('/api/schedule/blackouts', blackoutListResponseSchema);
  return blackouts;
}

export function blackoutsQueryOptions() {
  return queryOptions({ queryKey: scheduleQueryKeys.blackouts(), queryFn: getBlackouts });
}

export function useBlackouts() {
  return useQuery(blackoutsQueryOptions());
}
