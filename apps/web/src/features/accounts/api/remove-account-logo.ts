import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountLogoResponse, accountLogoResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { storeAccountLogo } from './upload-account-logo';

/** DELETE /api/account/logo: the account shows its initials again. */
export function removeAccountLogo(): Promise<AccountLogoResponse> {
  return apiFetch('/api/account/logo', accountLogoResponseSchema, { method: 'DELETE' });
}

export function useRemoveAccountLogo(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAccountLogo,
    retry: retryServerErrorsOnce,
    onSuccess: ({ logo }) => storeAccountLogo(queryClient, accountId, logo),
  });
}
