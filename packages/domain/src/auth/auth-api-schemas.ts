import { z } from 'zod';
import { sessionUserSchema } from './session-user-schema';

// The answers of Auth.js's own endpoints under /api/auth (spec §7), as the web app reads them.

/** GET /api/auth/session when signed in; Auth.js answers `null` (or `{}`) otherwise. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  expires: z.string(),
});
export type Session = z.output<typeof sessionResponseSchema>;

/** GET /api/auth/csrf: the double-submit token the auth POSTs carry. */
export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().min(1) });

/** GET /api/auth/providers: the sign-in methods the auth server offers, by id. */
export const authProvidersResponseSchema = z.record(
  z.string(),
  z.object({ id: z.string(), type: z.string() }),
);
export type AuthProviders = z.output<typeof authProvidersResponseSchema>;

/**
 * An auth POST sent with X-Auth-Return-Redirect: Auth.js answers 200 `{ url }` where it would
 * otherwise redirect; a failure is an `error` query parameter on that url.
 */
export const authRedirectResponseSchema = z.object({ url: z.string() });
