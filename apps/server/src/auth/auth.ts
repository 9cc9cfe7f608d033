import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import { getToken } from '@auth/core/jwt';
import Credentials from '@auth/core/providers/credentials';
import type { SessionUser } from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { logger } from '../logging/logger.js';
import { hashPassword, verifyPassword } from './password.js';
import { isMember, loadSessionUser } from './session-user.js';
import { claimSignInAttempt, signInSucceeded } from './sign-in-rate-limit.js';
import { users } from './tables.js';

export const AUTH_BASE_PATH = '/api/auth';
export const SIGN_IN_PAGE = '/auth/login';
/** Set by the server from the socket (never trusted from the client) for the rate limit. */
export const CLIENT_ADDRESS_HEADER = 'x-tentpole-client-address';
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Too many failed sign-ins: the sign-in page reads `code=rate_limited`. */
class SignInRateLimited extends CredentialsSignin {
  override code = 'rate_limited';
}

const CLIENT_ERRORS = new Set(['MissingCSRF', 'InvalidCheck', 'UnknownAction', 'JWTSessionError']);

// PostgreSQL cannot hold a NUL in text: such an e-mail is simply not anyone's.
const noNul = (s: string) => !s.includes('\u0000');
const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(320).refine(noNul),
  password: z.string().min(1).max(1024),
});

// A hash to compare against when the e-mail is unknown, so both paths take the same time.
const decoyHash = hashPassword('decoy password that matches nothing');

export type AuthService = {
  /** Answers a request under /api/auth with Auth.js. */
  handle(request: Request): Promise<Response>;
  /** The signed-in user of a request, from its session cookie, computed from the database. */
  userFromRequest(request: Request): Promise<SessionUser | null>;
};

export function createAuth(
  db: Db,
  secret: string,
  { secureCookies = false }: { secureCookies?: boolean } = {},
): AuthService {
  // The user computed in the jwt callback, handed to the session callback of the same call.
  const computed = new WeakMap<object, SessionUser>();

  async function authorize(credentials: Partial<Record<string, unknown>>, request: Request) {
    const parsed = credentialsSchema.safeParse(credentials);
    if (!parsed.success) return null;
    const { email, password } = parsed.data;
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
    const claim = await claimSignInAttempt(db, email, address);
    if (claim.blocked) throw new SignInRateLimited();
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, hash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    const valid = await verifyPassword(password, user?.hash ?? (await decoyHash));
    // A failure is already counted (the claim recorded it before the check).
    if (!user || !valid) return null;
    await signInSucceeded(db, email);
    return { id: user.id, name: user.name, email: user.email };
  }

  const config: AuthConfig = {
    basePath: AUTH_BASE_PATH,
    secret,
    trustHost: true,
    // Behind https (APP_URL), cookies are Secure and __Secure-/__Host- named.
    useSecureCookies: secureCookies,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: SIGN_IN_PAGE, error: SIGN_IN_PAGE },
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize,
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        const userId = user?.id ?? token.sub;
        if (!userId) return null;
        let accountId = typeof token.accountId === 'string' ? token.accountId : null;
        // Switching account goes through the session update; it only takes effect for a
        // member of the requested account, otherwise the session stays as it was.
        const requested: unknown = (session as { accountId?: unknown } | undefined)?.accountId;
        if (trigger === 'update' && (await isMember(db, userId, requested))) {
          accountId = requested as string;
        }
        const current = await loadSessionUser(db, userId, accountId);
        if (!current) return null;
        const next = { ...token, sub: current.id, accountId: current.accountId };
        next.name = current.name;
        next.email = current.email;
        computed.set(next, current);
        return next;
      },
      async session({ session, token }) {
        const current =
          computed.get(token) ??
          (token.sub
            ? await loadSessionUser(db, token.sub, token.accountId as string | undefined)
            : null);
        return { expires: session.expires, user: current } as unknown as typeof session;
      },
    },
    logger: {
      error(error) {
        // A wrong password or a missing csrf token is the client's doing, not a server error.
        const type = (error as { type?: string }).type ?? '';
        if (type === 'CredentialsSignin') return;
        if (CLIENT_ERRORS.has(type)) logger.warn(`[auth] refused: ${type}`);
        else logger.error({ err: error }, '[auth] error');
      },
      warn(code) {
        if (code !== 'debug-enabled') logger.warn(`[auth] warning: ${code}`);
      },
      debug() {},
    },
  };

  return {
    handle: (request) => Auth(request, config),
    async userFromRequest(request) {
      const token = await getToken({ req: request, secret, secureCookie: secureCookies });
      if (!token?.sub) return null;
      return loadSessionUser(db, token.sub, token.accountId as string | undefined);
    },
  };
}
