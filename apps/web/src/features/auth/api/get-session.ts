import { queryOptions } from '@tanstack/react-query';
import { sessionUserSchema } from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const sessionSchema = z.object({
  user: sessionUserSchema,
  expires: z.string(),
});

export type Session = z.infer<typeof sessionSchema>;

/** Auth.js answers `null` (or `{}`) when nobody is signed in. */
export function parseSession(body: unknown): Session | null {
  if (body === null || (typeof body === 'object' && !('user' in body))) return null;
  return sessionSchema.parse(body);
}

export async function getSession(): Promise<Session | null> {
  return parseSession(await apiFetch('/api/auth/session', z.unknown()));
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: getSession,
});

export const sessionQueryKey = sessionQueryOptions.queryKey;
