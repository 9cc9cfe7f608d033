import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { broadcastSessionChange } from '../lib/session-broadcast';
import { replaceSession } from '../lib/session-cache';
import { getCsrfToken } from './get-csrf-token';
import { parseSession, type Session } from './get-session';

export type SessionUpdate = {
  accountId: string;
};

/** Asks the server to change the session (it checks the user's membership of the account). */
export async function updateSession(data: SessionUpdate): Promise<Session | null> {
  const csrfToken = await getCsrfToken();
  const body = await apiFetch('/api/auth/session', z.unknown(), {
    method: 'POST',
    json: { csrfToken, data },
  });
  return parseSession(body);
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    onSuccess: async (session) => {
      await replaceSession(queryClient, session);
      broadcastSessionChange();
    },
  });
}
