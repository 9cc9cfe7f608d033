import type { Session } from '@tentpole/domain';
import { createContext, type ReactNode, useContext } from 'react';

const AuthenticatedSessionContext = createContext<Session | null>(null);

export function AuthenticatedSessionProvider({
  session,
  children,
}: {
  session: Session;
  children: ReactNode;
}) {
  return <AuthenticatedSessionContext value={session}>{children}</AuthenticatedSessionContext>;
}

/** The session, inside a page behind the AuthGuard (where it is always present). */
export function useAuthenticatedSession(): Session {
  const session = useContext(AuthenticatedSessionContext);
  if (session === null) {
    throw new Error('useAuthenticatedSession must be used inside the AuthGuard');
  }
  return session;
}
