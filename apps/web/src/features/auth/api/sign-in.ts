import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { type AuthErrorKind, authErrorFromUrl, authErrorMessages } from '../lib/auth-error';
import { broadcastSessionChange } from '../lib/session-broadcast';
import { sessionQueryOptions } from './get-session';
import { postAuthAction } from './post-auth-action';

export type SignInInput = {
  email: string;
  password: string;
  /** Where Auth.js should send the user; a same-origin path. */
  callbackUrl: string;
};

/** A sign-in the server refused; `message` is fit to show the user. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(readonly kind: AuthErrorKind) {
    super(authErrorMessages[kind]);
  }
}

export async function signIn({ email, password, callbackUrl }: SignInInput): Promise<void> {
  let url: string;
  try {
    url = await postAuthAction('/api/auth/callback/credentials', { email, password, callbackUrl });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new SignInError('rate-limited');
    throw error;
  }
  const failure = authErrorFromUrl(url);
  if (failure !== null) throw new SignInError(failure);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // A refused sign-in is an answer, not a fault: retrying would count twice against the
    // server's attempt limit. This overrides the one-retry default (spec §9) on purpose.
    retry: false,
    onSuccess: async () => {
      // Nothing cached before signing in may be shown to the user who just signed in.
      queryClient.clear();
      await queryClient.fetchQuery(sessionQueryOptions);
      broadcastSessionChange();
    },
  });
}
