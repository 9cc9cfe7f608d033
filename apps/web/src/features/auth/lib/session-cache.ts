import { hashKey, type QueryClient } from '@tanstack/react-query';
import { type Session, sessionQueryKey, sessionQueryOptions } from '../api/get-session';

function identityOf(session: Session | null | undefined): string | null {
  return session ? `${session.user.id}:${session.user.accountId}` : null;
}

/**
 * When the session now belongs to another user or account, every other cached answer is
 * reset: it was loaded for the previous one (spec §4: an account switch invalidates all data).
 */
async function resetDataOfPreviousSession(
  queryClient: QueryClient,
  previous: Session | null | undefined,
  next: Session | null,
): Promise<void> {
  if (identityOf(previous) === identityOf(next)) return;
  const sessionHash = hashKey(sessionQueryKey);
  await queryClient.resetQueries({ predicate: (query) => query.queryHash !== sessionHash });
}

/** Stores a session the server just returned (after an update). */
export async function replaceSession(
  queryClient: QueryClient,
  next: Session | null,
): Promise<void> {
  const previous = queryClient.getQueryData(sessionQueryKey);
  queryClient.setQueryData(sessionQueryKey, next);
  await resetDataOfPreviousSession(queryClient, previous, next);
}

/** Refetches the session from the server (another tab changed it, the tab came back, a poll). */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  const previous = queryClient.getQueryData(sessionQueryKey);
  let next: Session | null;
  try {
    next = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
  } catch {
    // A failed refresh keeps the session we have; the next event or poll tries again.
    return;
  }
  await resetDataOfPreviousSession(queryClient, previous, next);
}
