import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { type AuthErrorKind, authErrorFromUrl, authErrorMessages } from '../lib/auth-error';
import { broadcastSessionChange } from '../lib/session-broadcast';
import { getProviders } from './get-providers';
import { sessionQueryOptions } from './get-session';
import { postAuthAction } from './post-auth-action';
import { logAuthError } from './post-auth-log';

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

/**
 * Signs in with e-mail and password. As the auth client's own signIn does, it first asks which
 * providers the server offers (spec §7 GET providers) and uses credentials only if offered.
 */
export async function signIn({ email, password, callbackUrl }: SignInInput): Promise<void> {
  let url: string;
  try {
    const providers = await getProviders();
    if (providers.credentials?.type !== 'credentials') {
      throw new Error('The auth server offers no credentials provider');
    }
    url = await postAuthAction('/api/auth/callback/credentials', { email, password, callbackUrl });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new SignInError('rate-limited');
    // A fault, not a refusal (a refused password is a 200 answer with an error on its url).
    logAuthError('CLIENT_SIGNIN_ERROR', error);
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
