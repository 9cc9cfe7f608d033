import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSessionBroadcast } from '../lib/session-broadcast';
import { refreshSession } from '../lib/session-cache';

export type SessionRefetchOptions = {
  /** Poll the session every so many seconds; 0 turns polling off. */
  refetchInterval?: number;
  /** Refetch when the tab becomes visible again. */
  refetchOnWindowFocus?: boolean;
  /** Poll even while the browser reports being offline. */
  refetchWhenOffline?: boolean;
};

/**
 * Keeps the session current (spec §4): refetches when another tab signs in, out or switches
 * account, when this tab becomes visible, and on an optional poll skipped while offline.
 */
export function useSessionRefetching({
  refetchInterval = 0,
  refetchOnWindowFocus = true,
  refetchWhenOffline = false,
}: SessionRefetchOptions): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isSessionBroadcast(event)) void refreshSession(queryClient);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void refreshSession(queryClient);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient, refetchOnWindowFocus]);

  useEffect(() => {
    if (refetchInterval <= 0) return;
    const timer = window.setInterval(() => {
      if (refetchWhenOffline || navigator.onLine) void refreshSession(queryClient);
    }, refetchInterval * 1000);
    return () => window.clearInterval(timer);
  }, [queryClient, refetchInterval, refetchWhenOffline]);
}
