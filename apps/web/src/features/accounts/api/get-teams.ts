import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EMPTY_TEAMS_RESPONSE,
  flattenTeams,
  type Team,
  teamsResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** The accounts (teams) the user belongs to, as one list. */
export async function getTeams(): Promise<Team[]> {
  let response = EMPTY_TEAMS_RESPONSE;
  try {
    response = await apiFetch('/api/account/teams', teamsResponseSchema);
  } catch {
    // spec §7: on failure, an empty object of organizations.
  }
  return flattenTeams(response.organizations);
}

export const teamsQueryOptions = queryOptions({
  queryKey: ['accounts', 'teams'],
  queryFn: getTeams,
});

export function useTeams() {
  return useQuery(teamsQueryOptions);
}
