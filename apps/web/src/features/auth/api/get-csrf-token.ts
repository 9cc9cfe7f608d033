import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const csrfResponseSchema = z.object({ csrfToken: z.string().min(1) });

/**
 * Auth.js's double-submit token. Fetched fresh before each auth POST rather than cached: it is
 * bound to a cookie that signing in or out may replace.
 */
export async function getCsrfToken(): Promise<string> {
  const { csrfToken } = await apiFetch('/api/auth/csrf', csrfResponseSchema);
  return csrfToken;
}
