import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { createPaymentsSandbox, pathPrefixedHttpClient } from '../src/index';

export const SECRET_KEY = 'sk_test_sandbox_0123456789abcdefghijklmnop';
export const WEBHOOK_SECRET = 'whsec_sandbox_0123456789abcdefghijklmnop';
const BASE = '/sandbox/payments';

/**
 * The sandbox on a real port, mounted where the app mounts it, a webhook endpoint that checks
 * signatures with the real `stripe` library, and a `stripe` client configured as the app's is.
 */
export async function startHarness(
  options: { failWebhooks?: number; retryBaseMs?: number; now?: () => number } = {},
) {
  const received: Stripe.Event[] = [];
  let failWebhooks = options.failWebhooks ?? 0;
  const root = new Hono();
  let url = '';
  const server = serve({ fetch: (request) => root.fetch(request), port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  url = `http://localhost:${port}`;
  const sandbox = createPaymentsSandbox({
    basePath: BASE,
    publicUrl: url,
    secretKey: SECRET_KEY,
    webhook: { url: `${url}/hooks`, secret: WEBHOOK_SECRET },
    accessToken: null,
    retryBaseMs: options.retryBaseMs ?? 20,
    maxAttempts: 5,
    ...(options.now ? { now: options.now } : {}),
  });
  const stripe = new Stripe(SECRET_KEY, {
    host: 'localhost',
    port,
    protocol: 'http',
    httpClient: pathPrefixedHttpClient(Stripe.createNodeHttpClient(), BASE),
    maxNetworkRetries: 2,
  });
  root.route(BASE, sandbox.app);
  root.post('/hooks', async (c) => {
    const payload = await c.req.text();
    try {
      const event = stripe.webhooks.constructEvent(
        payload,
        c.req.header('stripe-signature') ?? '',
        WEBHOOK_SECRET,
      );
      if (failWebhooks > 0) {
        failWebhooks -= 1;
        return c.text('not now', 500);
      }
      received.push(event);
      return c.json({ received: true });
    } catch {
      return c.text('bad signature', 400);
    }
  });
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}${BASE}/control${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return response.json() as Promise<Record<string, unknown>>;
  };
  /** The hosted page's form, posted as a browser would. */
  const payOnPage = async (
    sessionUrl: string,
    card: string,
    extra: Record<string, string> = {},
  ) => {
    const response = await fetch(sessionUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: card,
        expiry: '12 / 34',
        cvc: '123',
        name: 'Ada',
        ...extra,
      }),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  };
  const waitFor = async (check: () => boolean, what: string) => {
    const until = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    url,
    base: `${url}${BASE}`,
    stripe,
    sandbox,
    received,
    control,
    payOnPage,
    waitFor,
    async close() {
      sandbox.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
