import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { broadcastSessionChange } from '../lib/session-broadcast';
import { postAuthAction } from './post-auth-action';
import { logAuthError } from './post-auth-log';

export async function signOut(): Promise<void> {
  try {
    await postAuthAction('/api/auth/signout', { callbackUrl: '/auth/login' });
  } catch (error) {
    logAuthError('CLIENT_SIGNOUT_ERROR', error);
    throw error;
  }
}

/** Signs out and returns to the sign-in page (spec §2 Sign-in). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      broadcastSessionChange();
      // Leave the protected page first, so its guard does not see the session go and redirect
      // with a callbackUrl; then drop everything the signed-out user had loaded.
      await navigate({ to: '/auth/login', search: {}, replace: true });
      queryClient.clear();
    },
  });
}
