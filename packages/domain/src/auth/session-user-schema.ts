import { z } from 'zod';

// spec §3: the session user. planLevel is snake-case words; roles are permission strings.
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  accountId: z.string(),
  planLevel: z.string(),
  roles: z.array(z.string()),
  trialEndDate: z.string().nullable(),
});

export type SessionUser = z.output<typeof sessionUserSchema>;

// spec §3: session status.
export const SESSION_STATUSES = ['loading', 'authenticated', 'unauthenticated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
