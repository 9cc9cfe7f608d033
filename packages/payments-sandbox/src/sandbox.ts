import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authenticatePageHtml, checkoutPageHtml } from './checkout-page';
import { type EngineState, emptyState, PaymentsEngine, type StripeEvent } from './engine';
import { StripeApiError } from './errors';
import { type Form, field, parseStripeForm, parseStripeQuery } from './form';
import { stripeId } from './ids';
import { type WebhookEndpoint, WebhookSender } from './webhooks';

export type PaymentsSandboxOptions = {
  /** Where it is mounted on the app's origin, e.g. `/sandbox/payments`. */
  basePath: string;
  /** The app's public origin (the hosted pages' links are built from it). */
  publicUrl: string;
  /** The secret API key the `stripe` library presents (`sk_test_…`). */
  secretKey: string;
  /** Where events go, and the endpoint's signing secret (`whsec_…`). */
  webhook: WebhookEndpoint | null;
  /** The control API's token; null leaves it open (development and tests on loopback). */
  accessToken: string | null;
  now?: () => number;
  /** First retry after this many ms, doubling (default 1 s). */
  retryBaseMs?: number;
  /** Attempts per event before giving up (default 8). */
  maxAttempts?: number;
  /** Keep the state in this file (the sandbox run as its own process survives restarts). */
  stateFile?: string;
  warn?: (message: string) => void;
};

export type PaymentsSandbox = ReturnType<typeof createPaymentsSandbox>;

const MAX_BODY = 64 * 1024;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const digest = (value: string) => createHash('sha256').update(value).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * A stand-in for the part of Stripe Tentpole uses, spoken to by the official `stripe` library:
 * the REST API under `/v1`, Checkout's hosted page under `/pay`, signed webhooks to the app,
 * and a control API for tests under `/control`.
 */
export function createPaymentsSandbox(options: PaymentsSandboxOptions) {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? (() => {});
  const saved =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
          state: EngineState;
          pending: StripeEvent[];
        })
      : null;
  const webhooks = new WebhookSender(options.webhook, {
    now,
    retryBaseMs: options.retryBaseMs ?? 1000,
    maxAttempts: options.maxAttempts ?? 8,
    warn,
  });
  const engine = new PaymentsEngine(
    { ...emptyState(), ...saved?.state },
    {
      now,
      pagesUrl: `${options.publicUrl}${options.basePath}`,
      onEvent: (event) => webhooks.enqueue(event),
    },
  );
  for (const event of saved?.pending ?? []) webhooks.enqueue(event);
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const requests: {
    method: string;
    path: string;
    status: number;
    idempotencyKey: string | null;
  }[] = [];
  let failNext: { count: number; status: number } = { count: 0, status: 500 };

  function persist() {
    if (!options.stateFile) return;
    const file = options.stateFile;
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({ state: engine.state, pending: webhooks.pendingEvents() }),
    );
    renameSync(`${file}.tmp`, file);
  }

  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY,
      onError: (c) =>
        c.json(
          { error: { type: 'invalid_request_error', message: 'Request body too large.' } },
          413,
        ),
    }),
  );

  // ---- The REST API ----
  app.use('/v1/*', async (c, next) => {
    const authorization = c.req.header('authorization') ?? '';
    const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!key)
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        },
        401,
      );
    if (!same(key, options.secretKey))
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`,
          },
        },
        401,
      );
    c.header('request-id', stripeId('req', 14));
    c.header('stripe-version', c.req.header('stripe-version') ?? '2025-11-17.clover');
    if (failNext.count > 0) {
      failNext.count -= 1;
      return c.json(
        {
          error: {
            type: 'api_error',
            message: 'An unknown error occurred (the sandbox was asked to fail this request).',
          },
        },
        failNext.status as 500,
      );
    }
    return next();
  });

  type Handler = (form: Form, c: Context) => unknown;
  function api(method: 'GET' | 'POST' | 'DELETE', path: string, handler: Handler) {
    const route = async (c: Context) => {
      const raw = method === 'GET' ? '' : await c.req.text();
      const form = method === 'GET' ? parseStripeQuery(c.req.url) : parseStripeForm(raw);
      const key = method === 'GET' ? null : (c.req.header('idempotency-key') ?? null);
      const record = (status: number) =>
        requests.push({ method, path: c.req.path, status, idempotencyKey: key });
      if (key) {
        const earlier = idempotent.get(key);
        if (earlier) {
          if (earlier.body !== raw) {
            record(400);
            return c.json(
              {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              },
              400,
            );
          }
          c.header('idempotent-replayed', 'true');
          record(earlier.status);
          return c.json(earlier.answer as object, earlier.status as 200);
        }
      }
      let status = 200;
      let answer: unknown;
      try {
        const result = handler(form, c);
        answer = expand(result, field.strings(form, 'expand'));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        answer = { error: error.body };
      }
      if (key) idempotent.set(key, { body: raw, status, answer });
      if (method !== 'GET') persist();
      record(status);
      return c.json(answer as object, status as 200);
    };
    if (method === 'GET') app.get(path, route);
    else if (method === 'DELETE') app.delete(path, route);
    else app.post(path, route);
  }

  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
  /** `expand[]=payment_intent`: an id in the answer becomes the object it names. */
  function expand(result: unknown, fields: string[]): unknown {
    if (typeof result !== 'object' || result === null) return result;
    const view = 'object' in result && 'id' in result ? engine.publicView(result as never) : result;
    const copy = structuredClone(view) as Record<string, unknown>;
    for (const name of fields) {
      const [head, ...rest] = name.split('.');
      if (!head) continue;
      if (head === 'data' && Array.isArray(copy.data)) {
        copy.data = copy.data.map((item) => expand(item, [rest.join('.')]));
        continue;
      }
      const value = copy[head];
      if (typeof value !== 'string') continue;
      const target = lookup(value);
      if (target)
        copy[head] = rest.length ? expand(target, [rest.join('.')]) : structuredClone(target);
    }
    return copy;
  }
  function lookup(id: string): object | null {
    const s = engine.state;
    return (
      s.paymentIntents[id] ??
      s.charges[id] ??
      s.customers[id] ??
      s.paymentMethods[id] ??
      s.setupIntents[id] ??
      null
    );
  }

  const param = (c: Context, name: string) => c.req.param(name) ?? '';
  api('POST', '/v1/customers', (form) => engine.createCustomer(form));
  api('GET', '/v1/customers/:id', (_f, c) => engine.customer(param(c, 'id')));
  api('POST', '/v1/customers/:id', (form, c) => engine.updateCustomer(param(c, 'id'), form));
  api('GET', '/v1/customers/:id/payment_methods', (_f, c) =>
    list(engine.customerPaymentMethods(param(c, 'id')), c.req.path),
  );
  api('GET', '/v1/payment_methods/:id', (_f, c) => engine.paymentMethod(param(c, 'id'), 'id'));
  api('POST', '/v1/payment_methods/:id/attach', (form, c) =>
    engine.attachPaymentMethod(param(c, 'id'), form),
  );
  api('POST', '/v1/payment_methods/:id/detach', (_f, c) =>
    engine.detachPaymentMethod(param(c, 'id')),
  );
  api('POST', '/v1/payment_intents', (form) => engine.createPaymentIntent(form));
  api('GET', '/v1/payment_intents/:id', (_f, c) => engine.paymentIntent(param(c, 'id')));
  api('POST', '/v1/payment_intents/:id', (form, c) =>
    engine.updatePaymentIntent(param(c, 'id'), form),
  );
  api('POST', '/v1/payment_intents/:id/confirm', (form, c) =>
    engine.confirmPaymentIntent(param(c, 'id'), form),
  );
  api('POST', '/v1/payment_intents/:id/capture', (form, c) =>
    engine.capturePaymentIntent(param(c, 'id'), form),
  );
  api('POST', '/v1/payment_intents/:id/cancel', (form, c) =>
    engine.cancelPaymentIntent(param(c, 'id'), form),
  );
  api('GET', '/v1/charges/:id', (_f, c) => engine.charge(param(c, 'id')));
  api('POST', '/v1/refunds', (form) => engine.createRefund(form));
  api('GET', '/v1/refunds/:id', (_f, c) => engine.refund(param(c, 'id')));
  api('GET', '/v1/refunds', (form, c) => {
    const intent = field.string(form, 'payment_intent');
    const charge = field.string(form, 'charge');
    const refunds = Object.values(engine.state.refunds)
      .filter((r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return list(refunds.slice(0, Number(field.string(form, 'limit') ?? 10)), c.req.path);
  });
  api('POST', '/v1/checkout/sessions', (form) => engine.createCheckoutSession(form));
  api('GET', '/v1/checkout/sessions', (form, c) =>
    list(engine.listSessions(form).slice(0, Number(field.string(form, 'limit') ?? 10)), c.req.path),
  );
  api('GET', '/v1/checkout/sessions/:id', (_f, c) => engine.session(param(c, 'id')));
  api('POST', '/v1/checkout/sessions/:id/expire', (_f, c) => engine.expireSession(param(c, 'id')));
  api('GET', '/v1/setup_intents/:id', (_f, c) => engine.setupIntent(param(c, 'id')));
  api('POST', '/v1/products', (form) => engine.createProduct(form));
  api('GET', '/v1/products/:id', (_f, c) => engine.product(param(c, 'id')));
  api('POST', '/v1/prices', (form) => engine.createPrice(form));
  api('GET', '/v1/prices/:id', (_f, c) => engine.price(param(c, 'id')));
  api('POST', '/v1/subscriptions', (form) => engine.createSubscription(form));
  api('GET', '/v1/subscriptions', (form, c) => list(engine.listSubscriptions(form), c.req.path));
  api('GET', '/v1/subscriptions/:id', (_f, c) => engine.subscription(param(c, 'id')));
  api('POST', '/v1/subscriptions/:id', (form, c) =>
    engine.updateSubscription(param(c, 'id'), form),
  );
  api('DELETE', '/v1/subscriptions/:id', (_f, c) => engine.cancelSubscription(param(c, 'id')));
  api('GET', '/v1/invoices', (form, c) => list(engine.listInvoices(form), c.req.path));
  api('GET', '/v1/invoices/:id', (_f, c) => engine.invoice(param(c, 'id')));
  api('GET', '/v1/events/:id', (_f, c) => engine.event(param(c, 'id')));
  api('GET', '/v1/events', (form, c) => {
    const type = field.string(form, 'type');
    const events = engine.state.events.filter((e) => !type || e.type === type).reverse();
    return list(events.slice(0, Number(field.string(form, 'limit') ?? 10)), c.req.path);
  });
  app.all('/v1/*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The payments sandbox answers only the calls Tentpole makes.`,
        },
      },
      404,
    ),
  );

  // ---- Checkout's hosted page ----
  const base = options.basePath;
  const html = (c: Context, body: string, status = 200) =>
    c.html(body, status as 200, PAGE_HEADERS);
  const sessionOr404 = (c: Context) => {
    const session = engine.state.sessions[param(c, 'id')];
    return session ? engine.session(session.id) : null;
  };
  const notFound = (c: Context) =>
    html(c, '<!doctype html><title>Not found</title><p>No such checkout session.</p>', 404);
  app.get('/pay/:id', (c) => {
    const session = sessionOr404(c);
    if (!session) return notFound(c);
    if (engine.state.pendingAuth[session.id]) return html(c, authenticatePageHtml(session, base));
    return html(c, checkoutPageHtml(session, base, null));
  });
  app.post('/pay/:id', async (c) => {
    const session = sessionOr404(c);
    if (!session) return notFound(c);
    const form = (await c.req.parseBody()) as Record<string, string>;
    const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
    const month = Number(expiry?.[1]);
    const year = expiry ? Number((expiry[2] ?? '').length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
    const today = new Date(now());
    const typed = { email: String(form.email ?? ''), name: String(form.name ?? '') };
    const problem =
      !expiry || month < 1 || month > 12
        ? "Your card's expiration date is incomplete."
        : year < today.getUTCFullYear() ||
            (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
          ? "Your card's expiration year is in the past."
          : !/^\d{3,4}$/.test(String(form.cvc ?? '').trim())
            ? "Your card's security code is incomplete."
            : null;
    if (problem) return html(c, checkoutPageHtml(session, base, problem, typed), 400);
    const outcome = engine.payOnPage(session.id, {
      number: String(form.number ?? ''),
      expMonth: month,
      expYear: year,
      name: typed.name || null,
      email: typed.email || null,
    });
    persist();
    if (outcome.kind === 'done') return c.redirect(outcome.redirect, 303);
    if (outcome.kind === 'authenticate') return c.redirect(`${base}/pay/${session.id}`, 303);
    return html(c, checkoutPageHtml(session, base, outcome.message, typed), 402);
  });
  app.post('/pay/:id/authenticate', async (c) => {
    const session = sessionOr404(c);
    if (!session) return notFound(c);
    const form = (await c.req.parseBody()) as Record<string, string>;
    const outcome = engine.authenticateOnPage(session.id, form.outcome === 'complete');
    persist();
    if (outcome.kind === 'done') return c.redirect(outcome.redirect, 303);
    return html(
      c,
      checkoutPageHtml(session, base, outcome.kind === 'declined' ? outcome.message : null),
      402,
    );
  });
  app.get('/pay/:id/cancel', (c) => {
    const session = sessionOr404(c);
    if (!session?.cancel_url) return notFound(c);
    return c.redirect(session.cancel_url, 303);
  });

  // ---- The control API (tests) ----
  app.use('/control/*', async (c, next) => {
    const headers = c.req.raw.headers;
    if (!SAFE.has(c.req.method)) {
      const site = headers.get('sec-fetch-site');
      const origin = headers.get('origin');
      let cross = Boolean(site && site !== 'same-origin' && site !== 'none');
      if (origin) {
        try {
          cross ||= new URL(origin).host !== headers.get('host');
        } catch {
          cross = true;
        }
      }
      if (cross) return c.json({ error: { message: 'Cross-site request refused.' } }, 403);
      const type = headers.get('content-type') ?? '';
      if (Number(headers.get('content-length') ?? 0) > 0 && !type.startsWith('application/json'))
        return c.json({ error: { message: 'The control API takes application/json.' } }, 415);
    }
    if (options.accessToken) {
      const auth = headers.get('authorization') ?? '';
      const given =
        headers.get('x-sandbox-token') ?? (auth.startsWith('Bearer ') ? auth.slice(7) : '');
      if (!given || !same(given, options.accessToken))
        return c.json({ error: { message: 'The sandbox token is missing or wrong.' } }, 401);
    }
    return next();
  });
  const readJson = async (c: Context) =>
    (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  app.get('/control/events', (c) => c.json({ events: engine.state.events }));
  app.get('/control/deliveries', (c) => c.json({ deliveries: webhooks.list() }));
  app.get('/control/requests', (c) => c.json({ requests }));
  app.get('/control/ledger', (c) => c.json(engine.ledger()));
  app.post('/control/fail-next', async (c) => {
    const body = await readJson(c);
    const count = Number(body.count ?? 1);
    const status = Number(body.status ?? 500);
    if (!Number.isInteger(count) || count < 0 || ![500, 502, 503].includes(status))
      return c.json(
        { error: { message: 'count is a whole number; status is 500, 502 or 503.' } },
        400,
      );
    failNext = { count, status };
    return c.json({ failNext });
  });
  app.post('/control/webhooks', async (c) => {
    const body = await readJson(c);
    webhooks.configure({
      ...(typeof body.hold === 'boolean' ? { hold: body.hold } : {}),
      ...(typeof body.delayMs === 'number' ? { delayMs: body.delayMs } : {}),
    });
    return c.json({ ok: true });
  });
  app.post('/control/advance', async (c) => {
    const body = await readJson(c);
    const seconds = Number(body.seconds ?? 0);
    if (!Number.isInteger(seconds) || seconds <= 0 || seconds > 5 * 365 * 86_400)
      return c.json(
        { error: { message: 'seconds is a whole number of seconds to move the clock forward.' } },
        400,
      );
    engine.advanceClock(seconds);
    persist();
    return c.json({ clockOffset: engine.state.clockOffset });
  });
  app.post('/control/webhooks/flush', async (c) => {
    await webhooks.flush();
    return c.json({ deliveries: webhooks.list() });
  });

  return {
    app,
    engine,
    webhooks,
    ledger: () => engine.ledger(),
    close() {
      persist();
      webhooks.close();
    },
  };
}
