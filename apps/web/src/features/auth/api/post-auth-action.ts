import { authRedirectResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { getCsrfToken } from './get-csrf-token';

/**
 * POSTs an Auth.js action form (sign-in callback, sign-out) and returns the url it answers.
 * spec §7: form-encoded csrfToken, callbackUrl and json; `json=true` asks for the JSON answer
 * as the auth client always has, and the header is what today's Auth.js reads for it.
 */
export async function postAuthAction(
  path: string,
  fields: Record<string, string> & { callbackUrl: string },
): Promise<string> {
  const csrfToken = await getCsrfToken();
  const { url } = await apiFetch(path, authRedirectResponseSchema, {
    method: 'POST',
    headers: { 'X-Auth-Return-Redirect': '1' },
    form: new URLSearchParams({ ...fields, csrfToken, json: 'true' }),
  });
  return url;
}
