import { useQueryClient } from '@tanstack/react-query';
import { useAccountStream } from '@/app/providers/account-events-provider';
import { refreshSession } from '@/features/auth/lib/session-cache';

/**
 * Signs the tab out within seconds when its session ends elsewhere (a member removed or
 * suspended, a password changed, signed out on another device): the server closes the tab's
 * event stream at once (decision 0020), and when it drops the session is read again; a session
 * that no longer holds sends the tab to sign in. Every signed-in tab keeps this one stream open.
 */
export function SessionWatch() {
  const queryClient = useQueryClient();
  useAccountStream({ onLost: () => void refreshSession(queryClient) });
  return null;
}
