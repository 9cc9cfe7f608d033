import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import { getToken } from '@auth/core/jwt';
import Credentials from '@auth/core/providers/credentials';
import type { SessionUser } from '@tentpole/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { isUuid } from '../http/is-uuid.js';
import { logger } from '../logging/logger.js';
import { hashPassword, verifyPassword } from './password.js';
import { ExpiringCache } from './session-cache.js';
import { isMember, loadSessionUser } from './session-user.js';
import { claimSignInAttempt, signInSucceeded } from './sign-in-rate-limit.js';
import { authSessions, users } from './tables.js';

export const AUTH_BASE_PATH = '/api/auth';
export const SIGN_IN_PAGE = '/auth/login';
/** Set by the server from the socket (never trusted from the client) for the rate limit. */
export const CLIENT_ADDRESS_HEADER = 'x-tentpole-client-address';
/** Idle lifetime of the cookie: each visit rolls it forward. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Absolute lifetime of a sign-in: no rolling refresh extends it. */
export const SESSION_ABSOLUTE_LIFETIME_S = 30 * 24 * 60 * 60;
/** The notice (LISTEN/NOTIFY) that who may do what changed: every instance empties its caches. */
export const AUTH_CHANNEL = 'tentpole_auth';
// What each instance keeps: a session's user per (session, account) for a minute at most, and
// decoded cookies, each bounded.
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

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
  /**
   * The signed-in user of a request: its cookie's session must be open (not signed out, not
   * revoked, within its absolute lifetime); the user is computed from the database, through a
   * per-instance cache that every change to users, memberships, accounts or sessions empties.
   */
  userFromRequest(request: Request): Promise<SessionUser | null>;
  /** Who may do what changed somewhere (the `tentpole_auth` notice): forget what is cached. */
  invalidate(): void;
  /** Called after each invalidation (open event streams re-check their session). */
  onInvalidate(listener: () => void): () => void;
};

type ResolvedSession = { user: SessionUser | null; expiresAt: number };
type DecodedCookie = { sub: string; sid: string; accountId: string | null; exp: number } | null;

export function createAuth(
  db: Db,
  secret: string,
  {
    secureCookies = false,
    absoluteLifetimeS = SESSION_ABSOLUTE_LIFETIME_S,
    now = Date.now,
  }: { secureCookies?: boolean; absoluteLifetimeS?: number; now?: () => number } = {},
): AuthService {
  const sessions = new ExpiringCache<ResolvedSession>({
    max: CACHE_MAX,
    ttlMs: CACHE_TTL_MS,
    now,
  });
  const cookies = new ExpiringCache<DecodedCookie>({ max: CACHE_MAX, ttlMs: CACHE_TTL_MS, now });
  const invalidationListeners = new Set<() => void>();

  async function startSession(userId: string): Promise<string> {
    const [row] = await db
      .insert(authSessions)
      .values({ userId, expiresAt: new Date(now() + absoluteLifetimeS * 1000) })
      .returning({ id: authSessions.id });
    if (!row) throw new Error('could not record the session');
    return row.id;
  }

  async function endSession(sessionId: unknown): Promise<void> {
    if (!isUuid(sessionId)) return;
    await db
      .update(authSessions)
      .set({ revokedAt: new Date(now()) })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** The session's user for the preferred account, or null when the session is not open. */
  async function resolve(
    sessionId: unknown,
    userId: unknown,
    accountId: unknown,
  ): Promise<SessionUser | null> {
    if (!isUuid(sessionId) || !isUuid(userId)) return null;
    const preferred = typeof accountId === 'string' ? accountId : null;
    const key = `${sessionId}|${userId}|${preferred ?? ''}`;
    const cached = sessions.get(key);
    if (cached) return cached.expiresAt > now() ? cached.user : null;
    const generation = sessions.generation;
    const [session] = await db
      .select({ userId: authSessions.userId, expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    const open = session && session.userId === userId && session.expiresAt.getTime() > now();
    const resolved: ResolvedSession = open
      ? {
          user: await loadSessionUser(db, userId, preferred),
          expiresAt: session.expiresAt.getTime(),
        }
      : { user: null, expiresAt: 0 };
    sessions.set(key, resolved, generation);
    return resolved.expiresAt > now() ? resolved.user : null;
  }
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
        // A sign-in opens a session row; every later call checks that it is still open.
        const sessionId = user?.id ? await startSession(user.id) : token.sid;
        const userId = user?.id ?? token.sub;
        if (!userId || !isUuid(sessionId)) return null;
        let accountId = typeof token.accountId === 'string' ? token.accountId : null;
        // Switching account goes through the session update; it only takes effect for a
        // member of the requested account, otherwise the session stays as it was.
        const requested: unknown = (session as { accountId?: unknown } | undefined)?.accountId;
        if (trigger === 'update' && (await isMember(db, userId, requested))) {
          accountId = requested as string;
        }
        const current = await resolve(sessionId, userId, accountId);
        if (!current) return null;
        const next = { ...token, sub: current.id, sid: sessionId, accountId: current.accountId };
        next.name = current.name;
        next.email = current.email;
        computed.set(next, current);
        return next;
      },
      async session({ session, token }) {
        const current =
          computed.get(token) ?? (await resolve(token.sid, token.sub, token.accountId));
        return { expires: session.expires, user: current } as unknown as typeof session;
      },
    },
    events: {
      // Signing out ends the session everywhere, not only this browser's cookie.
      async signOut(message) {
        if ('token' in message && message.token) await endSession(message.token.sid);
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

  // Decoding the cookie (an encrypted JWT) costs more than the rest of a cached request: keep
  // what each cookie decodes to, until its own expiry.
  async function decodeCookie(request: Request): Promise<DecodedCookie> {
    const cookie = request.headers.get('cookie');
    if (!cookie) return null;
    const cached = cookies.get(cookie);
    if (cached !== undefined) return cached && cached.exp * 1000 > now() ? cached : null;
    const generation = cookies.generation;
    const token = await getToken({ req: request, secret, secureCookie: secureCookies });
    const decoded: DecodedCookie =
      token?.sub && typeof token.sid === 'string' && typeof token.exp === 'number'
        ? {
            sub: token.sub,
            sid: token.sid,
            accountId: typeof token.accountId === 'string' ? token.accountId : null,
            exp: token.exp,
          }
        : null;
    cookies.set(cookie, decoded, generation);
    return decoded;
  }

  return {
    handle: (request) => Auth(request, config),
    async userFromRequest(request) {
      const token = await decodeCookie(request);
      if (!token) return null;
      return resolve(token.sid, token.sub, token.accountId);
    },
    invalidate() {
      sessions.clear();
      for (const listener of invalidationListeners) listener();
    },
    onInvalidate(listener) {
      invalidationListeners.add(listener);
      return () => invalidationListeners.delete(listener);
    },
  };
}
