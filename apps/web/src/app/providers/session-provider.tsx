import type { ReactNode } from 'react';
import {
  type SessionRefetchOptions,
  useSessionRefetching,
} from '@/features/auth/hooks/use-session-refetching';

type SessionProviderProps = SessionRefetchOptions & {
  children: ReactNode;
};

/**
 * Mount once, inside the QueryClientProvider. The session itself lives in the query cache
 * (read it with `useSession`); this keeps it fresh.
 */
export function SessionProvider({ children, ...options }: SessionProviderProps) {
  useSessionRefetching(options);
  return children;
}
