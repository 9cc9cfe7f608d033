import { csrfTokenResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * Auth.js's double-submit token. Fetched fresh before each auth POST rather than cached: it is
 * bound to a cookie that signing in or out may replace.
 */
export async function getCsrfToken(): Promise<string> {
  const { csrfToken } = await apiFetch('/api/auth/csrf', csrfTokenResponseSchema);
  return csrfToken;
}
