import { useMutation } from '@tanstack/react-query';
import {
  type PasswordResetConfirm,
  type PasswordResetRequest,
  passwordResetDoneSchema,
  passwordResetRequestedSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';

/** POST /api/password-reset: a link by e-mail, if the address has a sign-in (same answer either way). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiFetch('/api/password-reset', passwordResetRequestedSchema, {
        method: 'POST',
        json: input,
      }),
    retry: retryServerErrorsOnce,
  });
}

/** POST /api/password-reset/confirm: the new password, with the link's single-use token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      apiFetch('/api/password-reset/confirm', passwordResetDoneSchema, {
        method: 'POST',
        json: input,
      }),
    // A second try of a used link is refused: only a failure to reach the server is retried.
    retry: retryServerErrorsOnce,
  });
}
