import { useQuery } from '@tanstack/react-query';
import type { Team } from '@tentpole/domain';
import { teamsQueryOptions } from '../api/get-teams';

/** The account the session is working in, among the user's teams; null if it is not listed. */
export function useActiveAccount(accountId: string) {
  return useQuery({
    ...teamsQueryOptions,
    select: (teams): Team | null => teams.find((team) => team.id === accountId) ?? null,
  });
}
