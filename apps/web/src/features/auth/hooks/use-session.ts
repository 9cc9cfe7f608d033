import { useQuery } from '@tanstack/react-query';
import { type Session, sessionQueryOptions } from '../api/get-session';

/** spec §3 Session status. */
export type SessionState =
  | { status: 'loading'; data: undefined }
  | { status: 'authenticated'; data: Session }
  | { status: 'unauthenticated'; data: null };

/**
 * The signed-in user's session. A session that fails to load counts as signed out; a refetch
 * that fails keeps the session already loaded.
 */
export function useSession(): SessionState {
  const { data, status } = useQuery(sessionQueryOptions);
  if (data) return { status: 'authenticated', data };
  if (status === 'pending') return { status: 'loading', data: undefined };
  return { status: 'unauthenticated', data: null };
}
