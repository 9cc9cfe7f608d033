import { useQueryClient } from '@tanstack/react-query';
import { staffQueryKeys } from './staff-query-keys';

/** After a change: the members and invitations are read again. */
export function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffQueryKeys.all });
}
