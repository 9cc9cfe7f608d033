// Crash test (issue 18): SIGKILL the server during a burst of card payments and their webhooks,
// restart it, and check against the processor's ledger that every charge is recorded exactly
// once: none lost, none doubled.
//
// The processor (the payments sandbox) runs in this process so the kill doesn't take it down,
// as Stripe would not go down with us; the server runs as a child process exactly as
// `npm start` runs it, pointed at the processor by configuration (STRIPE_* and STRIPE_API_URL).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createPaymentsSandbox } from '@tentpole/payments-sandbox';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { payments } from '../src/features/payments/tables.js';
import { waitUntil } from '../test/helpers/wait-until.js';

const LINKS = Number(process.env.CRASH_PAYMENTS ?? 60);
const SECRET_KEY = 'sk_test_crash_0123456789abcdefghijklmnopqrstuv';
const WEBHOOK_SECRET = 'whsec_crash_0123456789abcdefghijklmnopqrstuv';
const BASE = '/sandbox/payments';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'tentpole-crash-pay-'));
let databaseUrl: string | undefined;
if (process.env.DATABASE_URL) {
  const name = `tentpole_crash_pay_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const port = 3900 + Math.floor(Math.random() * 200);
const appUrl = `http://127.0.0.1:${port}`;
const processorApp = new Hono();
const processor = serve({ fetch: (r) => processorApp.fetch(r), port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => processor.once('listening', () => resolve()));
const processorUrl = `http://127.0.0.1:${(processor.address() as AddressInfo).port}`;
const sandbox = createPaymentsSandbox({
  basePath: BASE,
  publicUrl: processorUrl,
  secretKey: SECRET_KEY,
  webhook: { url: `${appUrl}/api/webhooks/stripe`, secret: WEBHOOK_SECRET },
  accessToken: null,
  retryBaseMs: 250,
  maxAttempts: 14,
});
processorApp.route(BASE, sandbox.app);

const server: { process: ChildProcess | null } = { process: null };
function startServer() {
  server.process = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `${processorUrl}${BASE}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitUntil(
    'the server to answer',
    () => fetch(`${appUrl}/api/health`).then((r) => r.ok),
    Boolean,
    {
      timeoutMs: 60_000,
    },
  );
}

type Cookies = Map<string, string>;
async function request(cookies: Cookies, p: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('origin', appUrl);
  const response = await fetch(`${appUrl}${p}`, { ...init, headers, redirect: 'manual' });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return response;
}
async function signIn(): Promise<Cookies> {
  const cookies: Cookies = new Map();
  const { csrfToken } = (await (await request(cookies, '/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  await request(cookies, '/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({
      csrfToken,
      email: 'owner@tentpole.test',
      password: 'tentpole-demo',
      callbackUrl: '/',
    }),
  });
  return cookies;
}
const json = (cookies: Cookies, p: string, body?: unknown) =>
  request(cookies, p, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

const results: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};

try {
  await startServer();
  const owner = await signIn();
  const products = (await json(owner, '/api/products?search=Dunk')).body as {
    products: { id: string }[];
  };
  const customers = (await json(owner, '/api/customers?pageSize=20')).body as {
    customers: { id: string }[];
  };
  // One order per pay link, each a few years out so the demo's stock is free.
  const links: { orderId: string; url: string }[] = [];
  for (let i = 0; i < LINKS; i++) {
    const day = new Date(Date.UTC(2029, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const created = await json(owner, '/api/orders', {
      customerId: customers.customers[i % customers.customers.length]?.id,
      eventStart: `${day}T15:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId: products.products[0]?.id, quantity: 1 }],
    });
    const orderId = (created.body.order as { id: string }).id;
    const link = await json(owner, `/api/orders/${orderId}/pay-links`, {
      purpose: 'custom',
      amount: 1_000 + i,
    });
    if (link.status !== 201) throw new Error(`pay link refused: ${JSON.stringify(link.body)}`);
    links.push({ orderId, url: (link.body.payLink as { url: string }).url });
  }

  // The burst: customers pay on the processor's page, 6 at a time; half of them come back to
  // Tentpole's return page (which records too). The server is killed a third of the way in.
  let next = 0;
  let paid = 0;
  let killed = false;
  const customer = async () => {
    while (next < links.length) {
      const link = links[next++] as { url: string };
      const response = await fetch(link.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }),
      });
      if (response.status === 303) paid++;
      const back = response.headers.get('location');
      if (back && paid % 2 === 0) await fetch(back, { redirect: 'manual' }).catch(() => null);
      if (killed) await sleep(50);
    }
  };
  const burst = Promise.all(Array.from({ length: 6 }, customer));
  await waitUntil(
    'a third of the payments',
    async () => paid,
    (n) => n >= links.length / 3,
    { intervalMs: 5 },
  );
  killed = true;
  server.process?.kill('SIGKILL');
  console.log(`killed the server mid-burst (${paid} of ${links.length} paid so far)`);
  await burst;
  await sleep(500);
  await startServer();

  // Every webhook delivered (the processor retried through the outage).
  await waitUntil(
    'every webhook delivered',
    async () => sandbox.webhooks.list(),
    (list) => list.every((d) => d.status !== 'pending'),
    { timeoutMs: 120_000, intervalMs: 250 },
  );
  server.process?.kill('SIGTERM');
  await sleep(1500);

  const ledger = sandbox.ledger();
  const charged = ledger.intents.filter((i) => i.captured > 0);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const rows = await database.db
    .select({
      ref: payments.providerRef,
      n: sql<number>`count(*)::int`,
      amount: sql<number>`sum(amount_cents)::int`,
    })
    .from(payments)
    .where(sql`${payments.providerRef} is not null`)
    .groupBy(payments.providerRef);
  const recorded = new Map(rows.map((r) => [r.ref, r]));
  const missing = charged.filter((i) => !recorded.has(i.id));
  const wrong = charged.filter(
    (i) => recorded.get(i.id) && recorded.get(i.id)?.amount !== i.captured,
  );
  const doubled = rows.filter((r) => r.n > 1);
  const unknown = rows.filter((r) => !charged.some((i) => i.id === r.ref));
  check(
    'every charge at the processor was paid through a pay link',
    charged.length === paid,
    `${charged.length} charged, ${paid} paid on the page`,
  );
  check(
    'every charge is recorded',
    missing.length === 0,
    `${charged.length} charged, ${missing.length} missing`,
  );
  check(
    'no charge is recorded twice',
    doubled.length === 0,
    `${rows.length} recorded, ${doubled.length} twice or more`,
  );
  check(
    'every recorded amount is the charged amount',
    wrong.length === 0 && unknown.length === 0,
    `${wrong.length} differ, ${unknown.length} not at the processor`,
  );
  const failed = sandbox.webhooks.list().filter((d) => d.status === 'failed');
  check(
    'no webhook was given up on',
    failed.length === 0,
    `${sandbox.webhooks.list().length} events, ${failed.length} failed for good`,
  );
  await database.close();
} catch (error) {
  check('payments crash test ran to the end', false, (error as Error).message);
} finally {
  server.process?.kill('SIGKILL');
  sandbox.close();
  processor.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(
      `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`,
    );
    await admin.end();
  }
}

const failed = results.filter((r) => !r.ok).length;
console.log(`payments crash test: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
