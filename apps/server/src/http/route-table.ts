import { can, type Permission, type SessionUser } from '@tentpole/domain';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { AppError } from './app-error.js';

/**
 * Every /api route says who may call it (STYLE: typed permission strings):
 * - `{ permission }`: a signed-in user whose roles grant it in the active account;
 * - `{ signedIn: true }`: any signed-in user (their own session, their account list);
 * - `{ public: 'why' }`: anyone, with the reason written down (auth endpoints, webhooks
 *   that verify their own signature, health).
 */
export type Access = { permission: Permission } | { signedIn: true } | { public: string };

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const ALL_METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

export type RouteDef = {
  method: Method | 'ALL';
  path: string;
  access: Access;
  /** Runs after the access guard, before the handler (e.g. a webhook's signature check). */
  before?: MiddlewareHandler<AppEnv>[];
  handler: (c: Context<AppEnv>) => Response | Promise<Response>;
};

export type DeclaredRoute = Pick<RouteDef, 'method' | 'path' | 'access'>;

export type LoadUser = (c: Context<AppEnv>) => Promise<SessionUser | null>;

type AnyHandler = (...args: never[]) => unknown;

export class RouteTable {
  readonly declared: DeclaredRoute[] = [];
  private readonly handlers = new Set<AnyHandler>();

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly loadUser: LoadUser,
  ) {}

  add(...defs: RouteDef[]): void {
    for (const def of defs) {
      this.declared.push({ method: def.method, path: def.path, access: def.access });
      const guard = this.guard(def.access);
      const before = def.before ?? [];
      for (const handler of [guard, ...before, def.handler]) this.handlers.add(handler);
      this.app.on(
        def.method === 'ALL' ? ALL_METHODS : [def.method],
        [def.path],
        guard,
        ...before,
        def.handler,
      );
    }
  }

  /** Middleware that runs before the guards (body limits, headers); it grants nothing. */
  use(path: string, middleware: MiddlewareHandler<AppEnv>): void {
    this.handlers.add(middleware);
    this.app.use(path, middleware);
  }

  /** Handlers the table registered; anything else answering under /api skipped the guard. */
  registered(handler: AnyHandler): boolean {
    return this.handlers.has(handler);
  }

  private guard(access: Access): MiddlewareHandler<AppEnv> {
    if ('public' in access) return async (_c, next) => next();
    return async (c, next) => {
      const user = await this.loadUser(c);
      if (!user) throw new AppError('unauthenticated', 'Sign in to continue.');
      if ('permission' in access && !can(user.roles, access.permission)) {
        throw new AppError('forbidden', `Missing permission ${access.permission}`);
      }
      c.set('user', user);
      await next();
    };
  }
}

/**
 * The /api routes the app answers that no RouteTable declared: each one skipped the
 * permission guard. A test keeps this list empty.
 */
export function undeclaredApiRoutes(app: Hono<AppEnv>, table: RouteTable): string[] {
  return app.routes
    .filter((r) => r.path.startsWith('/api') && !table.registered(r.handler))
    .map((r) => `${r.method} ${r.path}`);
}
