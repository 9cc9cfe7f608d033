import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { AuthenticatedSessionProvider } from '@/app/providers/authenticated-session';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { useSession } from '../hooks/use-session';

/**
 * Sends the visitor to sign in, with the page they were on as callbackUrl. That page is the
 * router's resolved location: while the redirect is pending, the router's `location` is
 * already the sign-in url, and using it would nest callbackUrls.
 */
function RedirectToSignIn() {
  const navigate = useNavigate();
  const location = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).href,
  });
  // Taken once: while the redirect is under way the location becomes the sign-in url, and
  // following it would redirect again with ever more nested callbackUrls.
  const [callbackUrl] = useState(location);

  useEffect(() => {
    void navigate({ to: '/auth/login', search: { callbackUrl }, replace: true });
  }, [navigate, callbackUrl]);

  return <FullScreenSpinner />;
}

/**
 * spec §4 Session: loading shows the spinner overlay, authenticated shows the content,
 * otherwise the user goes to sign in and comes back to the page they wanted afterwards.
 * It reacts to the session changing later too (signed out in another tab).
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const session = useSession();

  if (session.status === 'loading') return <FullScreenSpinner />;
  if (session.status === 'unauthenticated') return <RedirectToSignIn />;
  return (
    <AuthenticatedSessionProvider session={session.data}>{children}</AuthenticatedSessionProvider>
  );
}
