import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTeamInput, createTeamResponseSchema, type Team } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { teamsQueryOptions } from './get-teams';

/** 'Add team': creates an account the user holds. */
export async function createTeam(input: CreateTeamInput): Promise<Team> {
  const { team } = await apiFetch('/api/account/teams', createTeamResponseSchema, {
    method: 'POST',
    json: input,
  });
  return team;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    // Creating is not idempotent: a retry after a lost answer could make a second account.
    // This overrides the one-retry default (spec §9) on purpose.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryOptions.queryKey }),
  });
}
