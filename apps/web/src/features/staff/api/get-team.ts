import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TeamResponse, teamResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { staffQueryKeys } from './staff-query-keys';

/** GET /api/staff: the account's members, owners first, and its open invitations. */
export function getTeam(): Promise<TeamResponse> {
  return apiFetch('/api/staff', teamResponseSchema);
}

export function teamQueryOptions() {
  return queryOptions({ queryKey: staffQueryKeys.team(), queryFn: getTeam });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}
