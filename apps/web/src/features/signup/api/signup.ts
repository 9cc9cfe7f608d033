import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resendVerificationResponseSchema,
  type SignUpInput,
  signUpResponseSchema,
  verifyEmailResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { checklistQueryKey } from './checklist';

/** POST /api/signup: the user, the account on a core trial and the owner membership. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch('/api/signup', signUpResponseSchema, { method: 'POST', json: input }),
    retry: retryServerErrorsOnce,
  });
}

/** POST /api/signup/verify: uses the link from the e-mail, once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/signup/verify', verifyEmailResponseSchema, {
        method: 'POST',
        json: { token },
      }),
    retry: retryServerErrorsOnce,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistQueryKey }),
  });
}

/** POST /api/signup/verification/resend: a new link (the previous one stops working). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/signup/verification/resend', resendVerificationResponseSchema, {
        method: 'POST',
      }),
    retry: retryServerErrorsOnce,
  });
}
