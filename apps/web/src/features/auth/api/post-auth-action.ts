import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { getCsrfToken } from './get-csrf-token';

// With X-Auth-Return-Redirect, Auth.js answers 200 `{ url }` where it would otherwise redirect;
// a failure is an `error` query parameter on that url.
const redirectAnswerSchema = z.object({ url: z.string() });

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
  const { url } = await apiFetch(path, redirectAnswerSchema, {
    method: 'POST',
    headers: { 'X-Auth-Return-Redirect': '1' },
    form: new URLSearchParams({ ...fields, csrfToken, json: 'true' }),
  });
  return url;
}
