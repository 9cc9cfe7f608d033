import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountLogoResponse, accountLogoResponseSchema, type Team } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { teamsQueryOptions } from './get-teams';

/** POST /api/account/logo, multipart field `file`: the new logo's address. */
export function uploadAccountLogo(file: File): Promise<AccountLogoResponse> {
  const form = new FormData();
  form.set('file', file);
  return apiFetch('/api/account/logo', accountLogoResponseSchema, { method: 'POST', form });
}

/** The account switcher shows the logo from the teams list: it shows the new one at once. */
export function storeAccountLogo(queryClient: QueryClient, accountId: string, logo: string | null) {
  queryClient.setQueryData(teamsQueryOptions.queryKey, (teams: Team[] | undefined) =>
    teams?.map((team) => (team.id === accountId ? { ...team, logo } : team)),
  );
}

export function useUploadAccountLogo(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAccountLogo,
    // Not retried: each upload is a new logo, and the file is sent again by choosing it again.
    retry: false,
    onSuccess: ({ logo }) => storeAccountLogo(queryClient, accountId, logo),
  });
}
