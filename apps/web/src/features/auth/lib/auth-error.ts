/**
 * Failures Auth.js reports in the `error` (and `code`) query parameters of the url it answers
 * with, or puts on the sign-in page's url (spec §8: "the auth mechanism returns an error query
 * parameter; SessionRequired redirects to sign-in").
 */
export type AuthErrorKind = 'invalid-credentials' | 'rate-limited' | 'session-required' | 'unknown';

export const authErrorMessages: Record<AuthErrorKind, string> = {
  'invalid-credentials': 'Invalid email or password.',
  'rate-limited': 'Too many sign-in attempts. Try again in a few minutes.',
  'session-required': 'Please sign in to access this page.',
  unknown: 'Something went wrong while signing in. Please try again.',
};

// The server may name the limit in `error` (RateLimited) or in a CredentialsSignin `code`.
const rateLimitPattern = /rate[_-]?limit|too[_-]?many/i;

export function classifyAuthError(error: string | null, code: string | null): AuthErrorKind {
  if ([error, code].some((value) => value !== null && rateLimitPattern.test(value))) {
    return 'rate-limited';
  }
  switch (error) {
    case 'CredentialsSignin':
      return 'invalid-credentials';
    case 'SessionRequired':
      return 'session-required';
    default:
      return 'unknown';
  }
}

/** The failure carried by an Auth.js answer url, or null when the url carries none (success). */
export function authErrorFromUrl(url: string): AuthErrorKind | null {
  const params = new URL(url, window.location.origin).searchParams;
  const error = params.get('error');
  const code = params.get('code');
  if (error === null && code === null) return null;
  return classifyAuthError(error, code);
}
