import { queryOptions } from '@tanstack/react-query';
import { type Session, sessionResponseSchema } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { logAuthError } from './post-auth-log';

export type { Session };

/** Auth.js answers `null` (or `{}`) when nobody is signed in. */
export function parseSession(body: unknown): Session | null {
  if (body === null || (typeof body === 'object' && !('user' in body))) return null;
  return sessionResponseSchema.parse(body);
}

/** The session, or null when signed out; a failed fetch is logged (spec §7 `_log`) and thrown. */
export async function getSession(): Promise<Session | null> {
  try {
    return parseSession(await apiFetch('/api/auth/session', z.unknown()));
  } catch (error) {
    logAuthError('CLIENT_SESSION_ERROR', error);
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: getSession,
});

export const sessionQueryKey = sessionQueryOptions.queryKey;
