import { can, type Permission, type PlanResource, type SessionUser } from '@tentpole/domain';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env.js';
import { AppError } from './app-error.js';

/**
 * Every /api route says who may call it (STYLE: typed permission strings):
 * - `{ permission }`: a signed-in user whose roles grant it in the active account (and every
 *   permission in `also`, e.g. a money report's `reports.financial`);
 * - `{ signedIn: true }`: any signed-in user (their own session, their account list);
 * - `{ public: 'why' }`: anyone, with the reason written down (auth endpoints, webhooks
 *   that verify their own signature, health).
 */
export type Access =
  | { permission: Permission; also?: readonly Permission[] }
  | { signedIn: true }
  | { public: string };

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const ALL_METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
/** Methods that change nothing: open to a read-only account (§13). */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A success body that is not JSON: TwiML, audio, an event stream, nothing, Auth.js's own. */
export type OtherBody = {
  kind: 'xml' | 'audio' | 'image' | 'pdf' | 'stream' | 'html' | 'empty' | 'auth';
  description: string;
};

/**
 * What the API reference says of a route, declared beside its handler: the OpenAPI document is
 * generated from these, and in tests every JSON answer is parsed with `response`.
 */
export type RouteDoc = {
  summary: string;
  tag: string;
  /** The JSON request body. */
  request?: z.ZodType;
  query?: z.ZodObject;
  /** The success answer: a JSON schema, or what else it sends. */
  response: z.ZodType | OtherBody;
  /** The success status (201 where the route creates, 202 where it only queues). Default 200. */
  status?: 200 | 201 | 202 | 204;
  /** Error statuses beyond the usual 400/401/403/404 (409 on a conflict, 502 upstream). */
  errors?: number[];
};

export type RouteDef = RouteDoc & {
  method: Method | 'ALL';
  path: string;
  access: Access;
  /**
   * back-office §13: one more of this (a seat, a product, a vehicle) or this feature (Reach)
   * must be within the account's plan, else 403 `plan_limit` naming the plan that lifts it.
   */
  plan?: PlanResource;
  /**
   * A write with a permission answers 403 `account_read_only` while the account is read-only
   * (§13: its trial ended without a card), unless it says here why it stays open (paying).
   */
  whileReadOnly?: string;
  /** Runs after the access guard, before the handler (e.g. a webhook's signature check). */
  before?: MiddlewareHandler<AppEnv>[];
  handler: (c: Context<AppEnv>) => Response | Promise<Response>;
};

export type DeclaredRoute = Omit<RouteDef, 'before' | 'handler'>;

export const isOtherBody = (response: RouteDoc['response']): response is OtherBody =>
  'kind' in response && typeof (response as OtherBody).description === 'string';

export type LoadUser = (c: Context<AppEnv>) => Promise<SessionUser | null>;

/** §13's checks, made once here for every route (the billing feature answers them). */
export type PlanGates = {
  /** Throws `account_read_only` when the account may only read. */
  writable(accountId: string): Promise<void>;
  /** Throws `plan_limit` when the plan does not allow one more of `resource`. */
  plan(accountId: string, resource: PlanResource): Promise<void>;
};

type AnyHandler = (...args: never[]) => unknown;

export class RouteTable {
  readonly declared: DeclaredRoute[] = [];
  private readonly handlers = new Set<AnyHandler>();

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly loadUser: LoadUser,
    /** Tests: parse every JSON success with the route's response schema (a mismatch is a 500). */
    private readonly checkResponses = false,
    private readonly gates: PlanGates | null = null,
  ) {}

  add(...defs: RouteDef[]): void {
    for (const def of defs) {
      const { before = [], handler: _, ...declared } = def;
      this.declared.push(declared);
      const guard = this.guard(def);
      const handler = this.checkResponses ? checked(def) : def.handler;
      for (const h of [guard, ...before, handler]) this.handlers.add(h);
      this.app.on(
        def.method === 'ALL' ? ALL_METHODS : [def.method],
        [def.path],
        guard,
        ...before,
        handler,
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

  private guard(def: RouteDef): MiddlewareHandler<AppEnv> {
    const { access } = def;
    if ('public' in access) return async (_c, next) => next();
    // A write of the account's (one a permission guards) is refused while it is read-only.
    const write = 'permission' in access && !def.whileReadOnly;
    return async (c, next) => {
      const user = await this.loadUser(c);
      if (!user) throw new AppError('unauthenticated', 'Sign in to continue.');
      if ('permission' in access) {
        const missing = [access.permission, ...(access.also ?? [])].find(
          (p) => !can(user.roles, p),
        );
        if (missing) throw new AppError('forbidden', `Missing permission ${missing}`);
      }
      if (this.gates && write && !READS.has(c.req.method))
        await this.gates.writable(user.accountId);
      if (this.gates && def.plan) await this.gates.plan(user.accountId, def.plan);
      c.set('user', user);
      await next();
    };
  }
}

/** The handler, then its answer held to the route's declaration (status and JSON schema). */
function checked(def: RouteDef): RouteDef['handler'] {
  return async (c) => {
    c.set('declaredQuery', def.query ?? null);
    const response = await def.handler(c);
    if (!response.ok) return response;
    const where = `${def.method} ${def.path} answered ${response.status}`;
    const expected = def.status ?? 200;
    if (response.status !== expected && !(def.response && isOtherBody(def.response))) {
      throw new Error(`${where}; it declares ${expected}`);
    }
    const json = response.headers.get('content-type')?.includes('application/json');
    if (isOtherBody(def.response)) {
      if (json && def.response.kind !== 'auth')
        throw new Error(`${where} with JSON; it declares ${def.response.kind}`);
      return response;
    }
    if (!json) throw new Error(`${where} without JSON; it declares a JSON response`);
    const parsed = def.response.safeParse(await response.clone().json());
    if (!parsed.success) {
      throw new Error(`${where} with a body its response schema rejects: ${parsed.error.message}`);
    }
    return response;
  };
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
