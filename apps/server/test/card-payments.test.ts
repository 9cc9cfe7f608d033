import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import {
  chargeDueBalances,
  placeDueHolds,
  reconcileHolds,
} from '../src/features/payments/card-on-file.js';
import {
  reconcilePayLinks,
  settleCheckoutSession,
} from '../src/features/payments/card-payments.js';
import { payments } from '../src/features/payments/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { waitUntil } from './helpers/wait-until.js';

// Issue 18: card payments through the real `stripe` library and the payments sandbox — pay
// links, the customer's return, signed and idempotent webhooks, refunds to the card, the
// reconciling job, and a ledger that never drifts from the processor's.

let server: TestServer;
let owner: HttpClient;
let accountId: string;
let customerId: string;
let productId: string;

type Totals = {
  total: number;
  paid: number;
  refunded: number;
  balance: number;
  depositDue: number;
};
type OrderBody = { order: { id: string; number: number; status: string; totals: Totals } };
type PayLinkBody = {
  payLink: { id: string; url: string | null; amount: number; status: string; purpose: string };
};

const visit = (path: string, init: RequestInit = {}) =>
  fetch(path.startsWith('http') ? path : `${server.baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
  });

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
  body: new URLSearchParams(fields).toString(),
});

/** A $400 order (two days of a $200 castle), signed by the customer: reserved. */
async function signedOrder() {
  const { body } = await apiCall<OrderBody>(owner, 'POST', '/api/orders', {
    customerId,
    eventStart: '2026-12-12T15:00:00Z',
    eventEnd: '2026-12-13T23:00:00Z',
    fulfilment: 'pickup',
    lines: [{ productId, quantity: 1 }],
  });
  const { body: link } = await apiCall<{ url: string }>(
    owner,
    'POST',
    `/api/orders/${body.order.id}/link`,
  );
  const page = new URL(link.url).pathname;
  const signed = await visit(`${page}/sign`, form({ name: 'Pat Customer', agree: 'yes' }));
  expect(signed.status).toBe(303);
  return { ...(await getOrder(body.order.id)), page };
}

async function getOrder(id: string) {
  return (await apiCall<OrderBody>(owner, 'GET', `/api/orders/${id}`)).body.order;
}

/** The hosted Checkout page's form, as the customer's browser posts it. */
const payOnPage = (url: string, card: string) =>
  visit(url, form({ number: card, expiry: '12 / 34', cvc: '123', name: 'Pat Customer' }));

async function onlinePayments(orderId: string) {
  return server.db
    .select({ amount: payments.amountCents, kind: payments.kind, ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), sql`${payments.providerRef} is not null`));
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, webhookRetryMs: 50 });
  const account = await createAccountWithUser(server.db, {
    name: 'Card Rentals',
    email: 'cards-owner@tentpole.test',
    settings: {
      timezone: 'UTC',
      currency: 'USD',
      orders: { deposit: { mode: 'percent', percentBps: 2500, minimum: 5000 } },
      payments: {
        autopay: { enabled: true, daysBefore: 3 },
        securityDepositHold: { enabled: true, daysBefore: 2 },
      },
    },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, accountId, 1);
  customerId = customer?.id as string;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Card Castle',
    quantity: 500,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  productId = body.product.id;
});
afterAll(() => server?.close());

describe('pay links', () => {
  it('pays the deposit on the order page with 4242: recorded once, and the signed order is confirmed', async () => {
    const order = await signedOrder();
    expect(order.status).toBe('reserved');
    expect(order.totals.depositDue).toBe(10_000);
    const page = await (await visit(order.page)).text();
    expect(page).toContain('Pay the deposit: $100.00');
    expect(page).toContain('Pay the balance: $400.00');

    const toCheckout = await visit(`${order.page}/pay`, form({ purpose: 'deposit' }));
    expect(toCheckout.status).toBe(303);
    const checkout = toCheckout.headers.get('location') ?? '';
    expect(checkout).toMatch(/\/sandbox\/payments\/pay\/cs_test_/);
    expect(await (await visit(checkout)).text()).toContain(
      `Booking deposit for order #${order.number}`,
    );

    const paid = await payOnPage(checkout, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const back = await visit(paid.headers.get('location') ?? '');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${order.page}?pay=paid`);
    const thanks = await (await visit(`${order.page}?pay=paid`)).text();
    expect(thanks).toContain('Thank you: your payment is received.');

    const after = await getOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.totals.paid).toBe(10_000);
    // The webhook comes too, and records nothing more.
    await waitUntil(
      'the checkout.session.completed webhook delivered',
      async () => server.paymentsSandbox.webhooks.list(),
      (deliveries) =>
        deliveries.some((d) => d.type === 'checkout.session.completed' && d.status === 'delivered'),
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(await onlinePayments(order.id)).toHaveLength(1);
    const { body } = await apiCall<{ payLinks: { status: string; purpose: string }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/pay-links`,
    );
    expect(body.payLinks).toMatchObject([{ status: 'paid', purpose: 'deposit' }]);
  });

  it('a declined card shows Stripe’s message and changes nothing', async () => {
    const order = await signedOrder();
    const { status, body } = await apiCall<PayLinkBody>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      {
        purpose: 'balance',
      },
    );
    expect(status).toBe(201);
    expect(body.payLink).toMatchObject({ purpose: 'balance', amount: 40_000, status: 'open' });
    const again = await apiCall<PayLinkBody>(owner, 'POST', `/api/orders/${order.id}/pay-links`, {
      purpose: 'balance',
    });
    expect(again.body.payLink.id).toBe(body.payLink.id);
    // E-mailed to the customer: stored, sent once through SMTP, in the mailbox with its link.
    const mailed = await apiCall<{ to: string }>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links/${body.payLink.id}/email`,
    );
    expect(mailed.status).toBe(201);
    const mail = await waitUntil(
      'the pay link e-mail in the mailbox',
      async () =>
        server.mailSandbox.messages().find((m) => m.text.includes(body.payLink.url ?? '')),
      Boolean,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(mail).toMatchObject({
      to: [mailed.body.to],
      subject: `Balance for order #${order.number}: $400.00`,
    });
    expect(mail?.from).toContain('"Card Rentals" <no-reply@tentpole.test>');
    const declined = await payOnPage(body.payLink.url ?? '', '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const after = await getOrder(order.id);
    expect(after.totals.paid).toBe(0);
    expect(after.status).toBe('reserved');
  });

  it('refuses bad amounts with field errors, and another account’s order is a 404', async () => {
    const order = await signedOrder();
    const tooMuch = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      { purpose: 'custom', amount: 50_000 },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amount).toEqual(['At most $400.00 is due']);
    const missing = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      { purpose: 'custom' },
    );
    expect(missing.body.error.fields.amount).toEqual(['Enter an amount']);
    const other = await createAccountWithUser(server.db, {
      name: 'Other',
      email: 'cards-other@tentpole.test',
    });
    const stranger = await server.signIn(other.email);
    const response = await stranger.request(`/api/orders/${order.id}/pay-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'balance' }),
    });
    expect(response.status).toBe(404);
    const typed = await visit(`${order.page}/pay`, form({ purpose: 'custom', amount: 'lots' }));
    expect(typed.headers.get('location')).toBe(`${order.page}?pay=amount`);
  });
});

describe('webhooks', () => {
  it('rejects a tampered or unsigned event, and handles a replayed one once', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const unsigned = await visit('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    const forged = await signedWebhook(server, {
      provider: 'stripe',
      payload,
      secret: 'whsec_wrong',
    });
    expect(forged.status).toBe(400);

    // A real completed session's event, delivered again by hand: recorded once.
    const order = await signedOrder();
    const { body } = await apiCall<PayLinkBody>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      {
        purpose: 'deposit',
      },
    );
    await server.paymentsSandbox.webhooks.configure({ hold: true });
    await payOnPage(body.payLink.url ?? '', '4242424242424242');
    const event = server.paymentsSandbox.engine.state.events.findLast(
      (e) => e.type === 'checkout.session.completed',
    );
    await server.paymentsSandbox.webhooks.configure({ hold: false });
    await server.paymentsSandbox.webhooks.flush();
    expect(await onlinePayments(order.id)).toHaveLength(1);
    const replay = JSON.stringify(event);
    for (let i = 0; i < 2; i++) {
      const again = await signedWebhook(server, { provider: 'stripe', payload: replay });
      expect(again.status).toBe(200);
    }
    expect(await onlinePayments(order.id)).toHaveLength(1);
    expect((await getOrder(order.id)).status).toBe('confirmed');
  });

  it('records a payment whose webhook never came and whose customer never returned (the reconciling job)', async () => {
    const order = await signedOrder();
    const { body } = await apiCall<PayLinkBody>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      {
        purpose: 'deposit',
      },
    );
    await server.paymentsSandbox.webhooks.configure({ hold: true });
    const paid = await payOnPage(body.payLink.url ?? '', '4242424242424242');
    expect(paid.status).toBe(303);
    expect(await onlinePayments(order.id)).toHaveLength(0);
    expect(await reconcilePayLinks(server.db, server.stripe, new Date())).toBeGreaterThanOrEqual(1);
    expect(await onlinePayments(order.id)).toHaveLength(1);
    await server.paymentsSandbox.webhooks.configure({ hold: false });
    await server.paymentsSandbox.webhooks.flush();
    expect(await onlinePayments(order.id)).toHaveLength(1);
    expect((await getOrder(order.id)).status).toBe('confirmed');
  });
});

/**
 * A signed order whose pay link the customer paid while the webhook is held back: its Checkout
 * Session, for the test to settle as the webhook, the return or the job would.
 */
async function paidWhileWebhookHeld(purpose: 'deposit' | 'balance') {
  const order = await signedOrder();
  const { body } = await apiCall<PayLinkBody>(owner, 'POST', `/api/orders/${order.id}/pay-links`, {
    purpose,
  });
  await server.paymentsSandbox.webhooks.configure({ hold: true });
  await payOnPage(body.payLink.url ?? '', '4242424242424242');
  const sessionId = new URL(body.payLink.url ?? '').pathname.split('/').pop() ?? '';
  return { order, session: await server.stripe.checkout.sessions.retrieve(sessionId) };
}

describe('at the same moment', () => {
  it('records a session settled by many callers at once (webhook, return, job, two instances) once', async () => {
    const { order, session } = await paidWhileWebhookHeld('balance');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => settleCheckoutSession(server.db, session, new Date())),
    );
    expect(results.filter((r) => r?.recorded)).toHaveLength(1);
    await server.paymentsSandbox.webhooks.configure({ hold: false });
    await server.paymentsSandbox.webhooks.flush();
    expect(await onlinePayments(order.id)).toHaveLength(1);
    expect((await getOrder(order.id)).totals.balance).toBe(0);
  });
});

describe('the order moves before any caller answers', () => {
  it('a caller that finds the money already recorded still leaves the order confirmed when it returns', async () => {
    // The customer's return and the webhook race: the one that records the deposit confirms the
    // order after its commit; the other must not answer (render the thank-you page) before then.
    const { order, session } = await paidWhileWebhookHeld('deposit');
    const statusWhenAnswered = await Promise.all(
      Array.from({ length: 8 }, async () => {
        await settleCheckoutSession(server.db, session, new Date());
        const [row] = await server.db
          .select({ status: sql<string>`status` })
          .from(sql`orders`)
          .where(sql`id = ${order.id}`);
        return row?.status;
      }),
    );
    expect(statusWhenAnswered).toEqual(Array(8).fill('confirmed'));
    await server.paymentsSandbox.webhooks.configure({ hold: false });
    await server.paymentsSandbox.webhooks.flush();
    expect(await onlinePayments(order.id)).toHaveLength(1);
  });
});

describe('refunds to the card', () => {
  it('refunds part of an online payment through Stripe, recorded once with the webhook', async () => {
    const order = await signedOrder();
    const { body } = await apiCall<PayLinkBody>(
      owner,
      'POST',
      `/api/orders/${order.id}/pay-links`,
      {
        purpose: 'balance',
      },
    );
    await visit(
      (await payOnPage(body.payLink.url ?? '', '4242424242424242')).headers.get('location') ?? '',
    );
    const refund = await apiCall<OrderBody>(owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amount: 2_500,
      of: 'rental',
      reason: 'One tent came late',
      method: 'card_online',
    });
    expect(refund.status).toBe(201);
    expect(refund.body.order.totals.refunded).toBe(2_500);
    await waitUntil(
      'charge.refunded delivered',
      async () => server.paymentsSandbox.webhooks.list(),
      (list) =>
        list.filter((d) => d.type === 'charge.refunded').every((d) => d.status === 'delivered'),
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    const rows = await onlinePayments(order.id);
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-2_500, 40_000]);
    const tooMuch = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/refunds`,
      {
        amount: 40_000,
        of: 'rental',
        reason: 'All of it',
        method: 'card_online',
      },
    );
    expect(tooMuch.status).toBe(400);
    const manualOnly = await signedOrder();
    await apiCall(owner, 'POST', `/api/orders/${manualOnly.id}/payments`, {
      amount: 5_000,
      method: 'cash',
    });
    const noCard = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${manualOnly.id}/refunds`,
      {
        amount: 1_000,
        of: 'rental',
        reason: 'Goodwill',
        method: 'card_online',
      },
    );
    expect(noCard.body.error.fields.method).toEqual([
      'No rental money on this order was paid by card online',
    ]);
  });
});

describe('money never drifts', () => {
  it('after a random mix of payments, declines and refunds, Tentpole’s card money equals the sandbox ledger', async () => {
    const order = await signedOrder();
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        cents: fc.integer({ min: 50, max: 9_000 }),
        card: fc.constantFrom('4242424242424242', '4000000000000002', '5555555555554444'),
      }),
      fc.record({
        kind: fc.constant('refund' as const),
        cents: fc.integer({ min: 1, max: 6_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 8 }), async (operations) => {
        for (const op of operations) {
          const current = await getOrder(order.id);
          if (op.kind === 'pay') {
            if (current.totals.balance < 50) continue;
            const amount = Math.min(op.cents, current.totals.balance);
            if (amount < 50) continue;
            const { body } = await apiCall<PayLinkBody>(
              owner,
              'POST',
              `/api/orders/${order.id}/pay-links`,
              {
                purpose: 'custom',
                amount,
              },
            );
            const paid = await payOnPage(body.payLink.url ?? '', op.card);
            if (paid.status === 303) await visit(paid.headers.get('location') ?? '');
          } else {
            await apiCall(owner, 'POST', `/api/orders/${order.id}/refunds`, {
              amount: op.cents,
              of: 'rental',
              reason: 'Property test',
              method: 'card_online',
            });
          }
        }
        await server.paymentsSandbox.webhooks.flush();
        const ledger = server.paymentsSandbox.ledger();
        const ours = ledger.intents.filter((i) => i.metadata.tentpole_order === order.id);
        const net = ours.reduce((sum, i) => sum + i.captured - i.refunded, 0);
        const rows = await onlinePayments(order.id);
        expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(net);
        const after = await getOrder(order.id);
        expect(after.totals.paid - after.totals.refunded).toBe(net);
      }),
      { numRuns: 6 },
    );
  });
});

describe('cards on file: autopay and security deposit holds', () => {
  /**
   * An order under two days out with a $100 security deposit, signed, for `customer`. It starts
   * at a UTC midnight (the account's timezone), so its eight hours are one calendar day, and one
   * day's price, whatever the hour the test runs (36 hours from 04:00 UTC ran past midnight).
   */
  async function soonOrder(customer: string) {
    const { body: product } = await apiCall<{ product: { id: string } }>(
      owner,
      'POST',
      '/api/products',
      {
        name: `Deposit Castle ${Math.random()}`,
        quantity: 50,
        securityDeposit: 10_000,
        pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
      },
    );
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const start = new Date(midnight.getTime() + 24 * 3_600_000);
    const { body } = await apiCall<OrderBody>(owner, 'POST', '/api/orders', {
      customerId: customer,
      eventStart: start.toISOString(),
      eventEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      fulfilment: 'pickup',
      lines: [{ productId: product.product.id, quantity: 1 }],
    });
    const { body: link } = await apiCall<{ url: string }>(
      owner,
      'POST',
      `/api/orders/${body.order.id}/link`,
    );
    const page = new URL(link.url).pathname;
    expect((await visit(`${page}/sign`, form({ name: 'Pat Customer', agree: 'yes' }))).status).toBe(
      303,
    );
    return { id: body.order.id, page };
  }

  async function saveCard(page: string, card: string) {
    const setup = await visit(`${page}/save-card`, form({}));
    expect(setup.status).toBe(303);
    const saved = await payOnPage(setup.headers.get('location') ?? '', card);
    expect(saved.status).toBe(303);
    const back = await visit(saved.headers.get('location') ?? '');
    expect(back.headers.get('location')).toBe(`${page}?pay=card-saved`);
  }

  type CardBody = {
    card: { brand: string; last4: string } | null;
    charges: { kind: string; status: string; amount: number; failure: string | null }[];
  };

  it('charges the balance and holds the deposit once each; staff keep part of the hold', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const order = await soonOrder(customer?.id as string);
    const page = await (await visit(order.page)).text();
    expect(page).toContain('Save a card');
    await saveCard(order.page, '4242424242424242');
    expect(await (await visit(`${order.page}?pay=card-saved`)).text()).toContain(
      'Visa ending in 4242 is saved.',
    );

    for (let round = 0; round < 2; round++) {
      await chargeDueBalances(server.db, server.stripe, new Date(), server.baseUrl);
      await placeDueHolds(server.db, server.stripe, new Date());
    }
    const after = await getOrder(order.id);
    expect(after.totals.balance).toBe(0);
    const { body } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    expect(body.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(body.charges.map((c) => [c.kind, c.status, c.amount]).sort()).toEqual([
      ['autopay', 'succeeded', 20_000],
      ['hold', 'held', 10_000],
    ]);
    expect(await onlinePayments(order.id)).toHaveLength(1);
    const receipt = await waitUntil(
      'the receipt e-mail',
      async () =>
        server.mailSandbox
          .messages()
          .filter((m) => m.subject === `Receipt: $200.00 for order #${after.number}`),
      (found) => found.length > 0,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.text).toContain('card ending in 4242');

    const tooMuch = await apiCall(owner, 'POST', `/api/orders/${order.id}/card-hold/capture`, {
      amount: 20_000,
      note: 'All',
    });
    expect(tooMuch.status).toBe(400);
    // Photos of the damage, kept on the order for staff (never on the customer's page).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNwWdVBEmIY1bBqNJRcsIUBAAUqGJC12iQTAAAAAElFTkSuQmCC',
      'base64',
    );
    const upload = new FormData();
    upload.append('photos', new File([png], 'torn-panel.png', { type: 'image/png' }));
    const photos = await owner.request(`/api/orders/${order.id}/photos`, {
      method: 'POST',
      body: upload,
    });
    expect(photos.status).toBe(201);
    const { photos: listed } = (await photos.json()) as { photos: { kind: string }[] };
    expect(listed.map((p) => p.kind)).toEqual(['damage']);
    expect(await (await visit(order.page)).text()).not.toContain('/photos/');
    const kept = await apiCall<OrderBody>(
      owner,
      'POST',
      `/api/orders/${order.id}/card-hold/capture`,
      {
        amount: 2_500,
        note: 'A torn panel',
      },
    );
    expect(kept.status).toBe(200);
    const rows = await onlinePayments(order.id);
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([2_500, 20_000]);
    const ledger = server.paymentsSandbox
      .ledger()
      .intents.filter((i) => i.metadata.tentpole_order === order.id);
    expect(ledger.map((i) => i.captured).sort((a, b) => a - b)).toEqual([2_500, 20_000]);
    const again = await apiCall(owner, 'POST', `/api/orders/${order.id}/card-hold/release`);
    expect(again.status).toBe(409);
  });

  it('a declined automatic payment whose alert cannot be written is finished whole later: each e-mail once', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const order = await soonOrder(customer?.id as string);
    await saveCard(order.page, '4000000000000341');
    // The staff alert cannot be written (as if the process died between the two writes).
    await server.db.execute(
      sql.raw(`create function refuse_card_alert() returns trigger language plpgsql as $$
        begin raise exception 'the alert could not be written'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger refuse_card_alert before insert on emails for each row
        when (new.kind = 'staff_card_failed') execute function refuse_card_alert()`),
    );
    try {
      await expect(
        chargeDueBalances(server.db, server.stripe, new Date(), server.baseUrl),
      ).rejects.toThrow();
    } finally {
      await server.db.execute(sql.raw('drop trigger refuse_card_alert on emails'));
      await server.db.execute(sql.raw('drop function refuse_card_alert()'));
    }
    const told = async () => {
      const rows = await queryRows<{ kind: string; n: number }>(
        server.db,
        sql`select kind, count(*)::int as n from emails where order_id = ${order.id} group by kind`,
      );
      return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
    };
    // Nothing of the failure was kept: the claim is still open and nobody was told.
    const { body: open } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    expect(open.charges.find((c) => c.kind === 'autopay')?.status).toBe('pending');
    expect(await told()).toEqual({});

    // A later round finishes the claim with the same idempotency key: told once each.
    const later = new Date(Date.now() + 120_000);
    await chargeDueBalances(server.db, server.stripe, later, server.baseUrl);
    await chargeDueBalances(server.db, server.stripe, later, server.baseUrl);
    const { body: done } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    expect(done.charges.find((c) => c.kind === 'autopay')).toMatchObject({
      status: 'failed',
      failure: 'Your card was declined.',
    });
    expect(await told()).toEqual({ payment_failed: 1, staff_card_failed: 1 });
    const { body: activity } = await apiCall<{
      activity: { detail: { text?: string } }[];
    }>(owner, 'GET', `/api/orders/${order.id}/activity`);
    expect(
      activity.activity.filter((a) => a.detail.text?.startsWith('Automatic payment of')),
    ).toHaveLength(1);
  });

  it('releases a hold, and flags an order whose automatic payment is declined', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const order = await soonOrder(customer?.id as string);
    await saveCard(order.page, '4000000000000341');
    await chargeDueBalances(server.db, server.stripe, new Date(), server.baseUrl);
    await placeDueHolds(server.db, server.stripe, new Date());
    const { body } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    const autopay = body.charges.find((c) => c.kind === 'autopay');
    expect(autopay).toMatchObject({ status: 'failed', failure: 'Your card was declined.' });
    const failed = await getOrder(order.id);
    expect(failed.totals.balance).toBe(20_000);
    const told = await waitUntil(
      'the customer told by e-mail',
      async () =>
        server.mailSandbox
          .messages()
          .find((m) => m.subject === `We could not take your payment for order #${failed.number}`),
      Boolean,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(told?.text).toContain('Your card was declined.');
    expect(told?.text).toContain(order.page);
    const { body: activity } = await apiCall<{
      activity: { action: string; detail: { text?: string } }[];
    }>(owner, 'GET', `/api/orders/${order.id}/activity`);
    expect(
      activity.activity.some((a) =>
        a.detail.text?.startsWith('Automatic payment of $200.00 failed'),
      ),
    ).toBe(true);
    // Staff are told without opening the order: it needs attention, and the owner gets mail.
    const attention = await apiCall<{ orders: { id: string }[] }>(
      owner,
      'GET',
      '/api/orders?status=attention&pageSize=100',
    );
    expect(attention.body.orders.map((o) => o.id)).toContain(order.id);
    const alert = await waitUntil(
      'the owner alerted by e-mail',
      async () =>
        server.mailSandbox
          .messages()
          .find((m) => m.subject === `Automatic payment failed for order #${failed.number}`),
      Boolean,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(alert?.to).toEqual(['cards-owner@tentpole.test']);
    expect(alert?.text).toContain('Your card was declined.');

    const [other] = await createCustomers(server.db, accountId, 1);
    const held = await soonOrder(other?.id as string);
    await saveCard(held.page, '5555555555554444');
    await placeDueHolds(server.db, server.stripe, new Date());
    const released = await apiCall(owner, 'POST', `/api/orders/${held.id}/card-hold/release`);
    expect(released.status).toBe(200);
    const { body: card } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${held.id}/card`);
    expect(card.charges.find((c) => c.kind === 'hold')?.status).toBe('released');
    const intent = server.paymentsSandbox
      .ledger()
      .intents.find(
        (i) => i.metadata.tentpole_order === held.id && i.metadata.tentpole_kind === 'hold',
      );
    expect(intent).toMatchObject({ status: 'canceled', captured: 0, held: 0 });
  });

  it('finishes a hold the processor did not answer, with the same key, never twice', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const order = await soonOrder(customer?.id as string);
    await saveCard(order.page, '4242424242424242');
    const fail = (count: number) =>
      server.paymentsSandbox.app.request('/control/fail-next', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count }),
      });
    await fail(10);
    await placeDueHolds(server.db, server.stripe, new Date());
    await fail(0);
    const pending = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    expect(pending.body.charges.find((c) => c.kind === 'hold')?.status).toBe('pending');
    // A later round (a minute on) finishes the claim; another round changes nothing.
    for (let round = 0; round < 2; round++)
      await placeDueHolds(server.db, server.stripe, new Date(Date.now() + 2 * 60_000));
    const held = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
    expect(held.body.charges.filter((c) => c.kind === 'hold').map((c) => c.status)).toEqual([
      'held',
    ]);
    const holds = server.paymentsSandbox
      .ledger()
      .intents.filter(
        (i) => i.metadata.tentpole_order === order.id && i.metadata.tentpole_kind === 'hold',
      );
    expect(holds.map((i) => i.status)).toEqual(['requires_capture']);
  });

  it('records a hold captured or ended at the processor: by its webhook, or by the cards job', async () => {
    const holdOf = async (orderId: string) => {
      await placeDueHolds(server.db, server.stripe, new Date());
      const intent = server.paymentsSandbox
        .ledger()
        .intents.find(
          (i) => i.metadata.tentpole_order === orderId && i.metadata.tentpole_kind === 'hold',
        );
      return intent?.id as string;
    };
    const chargesOf = async (orderId: string) =>
      (await apiCall<CardBody>(owner, 'GET', `/api/orders/${orderId}/card`)).body.charges.filter(
        (c) => c.kind === 'hold',
      );

    // Captured in the processor's dashboard (or our capture's answer was lost): the webhook.
    const [one] = await createCustomers(server.db, accountId, 1);
    const captured = await soonOrder(one?.id as string);
    await saveCard(captured.page, '4242424242424242');
    const capturedIntent = await holdOf(captured.id);
    await server.stripe.paymentIntents.capture(capturedIntent, { amount_to_capture: 3_000 });
    await server.paymentsSandbox.webhooks.flush();
    await waitUntil(
      'the capture recorded from its webhook',
      () => chargesOf(captured.id),
      (charges) => charges[0]?.status === 'captured',
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(await onlinePayments(captured.id)).toEqual([
      { amount: 3_000, kind: 'payment', ref: capturedIntent },
    ]);
    // Staff capturing again is refused by the processor and changes nothing here.
    const again = await apiCall(owner, 'POST', `/api/orders/${captured.id}/card-hold/capture`, {
      amount: 1_000,
      note: 'Again',
    });
    expect(again.status).toBe(409);
    expect(await onlinePayments(captured.id)).toHaveLength(1);

    // Ended while its webhook never came: the cards job asks and records the release.
    const [two] = await createCustomers(server.db, accountId, 1);
    const ended = await soonOrder(two?.id as string);
    await saveCard(ended.page, '4242424242424242');
    const endedIntent = await holdOf(ended.id);
    await server.paymentsSandbox.app.request('/control/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hold: true }),
    });
    try {
      await server.stripe.paymentIntents.cancel(endedIntent);
      expect((await chargesOf(ended.id))[0]?.status).toBe('held');
      expect(await reconcileHolds(server.db, server.stripe, new Date())).toBeGreaterThanOrEqual(1);
      expect((await chargesOf(ended.id))[0]?.status).toBe('released');
      expect(await reconcileHolds(server.db, server.stripe, new Date())).toBe(0);
    } finally {
      await server.paymentsSandbox.app.request('/control/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hold: false }),
      });
    }
  });

  it('after a random mix of payments, refunds, holds, captures and releases, the money equals the sandbox ledger', async () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        cents: fc.integer({ min: 50, max: 15_000 }),
        card: fc.constantFrom('4242424242424242', '4000000000000002'),
      }),
      fc.record({
        kind: fc.constant('refund' as const),
        cents: fc.integer({ min: 1, max: 8_000 }),
      }),
      fc.record({
        kind: fc.constant('capture' as const),
        cents: fc.integer({ min: 50, max: 12_000 }),
      }),
      fc.record({ kind: fc.constant('release' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 6 }), async (operations) => {
        const [customer] = await createCustomers(server.db, accountId, 1);
        const order = await soonOrder(customer?.id as string);
        await saveCard(order.page, '4242424242424242');
        await placeDueHolds(server.db, server.stripe, new Date());
        for (const op of operations) {
          if (op.kind === 'pay') {
            const { totals } = await getOrder(order.id);
            const amount = Math.min(op.cents, totals.balance);
            if (amount < 50) continue;
            const { body } = await apiCall<PayLinkBody>(
              owner,
              'POST',
              `/api/orders/${order.id}/pay-links`,
              {
                purpose: 'custom',
                amount,
              },
            );
            const paid = await payOnPage(body.payLink.url ?? '', op.card);
            if (paid.status === 303) await visit(paid.headers.get('location') ?? '');
          } else if (op.kind === 'refund') {
            await apiCall(owner, 'POST', `/api/orders/${order.id}/refunds`, {
              amount: op.cents,
              of: 'rental',
              reason: 'Property test',
              method: 'card_online',
            });
          } else if (op.kind === 'capture') {
            await apiCall(owner, 'POST', `/api/orders/${order.id}/card-hold/capture`, {
              amount: op.cents,
              note: 'Property test damage',
            });
          } else {
            await apiCall(owner, 'POST', `/api/orders/${order.id}/card-hold/release`);
          }
        }
        await server.paymentsSandbox.webhooks.flush();
        const ours = server.paymentsSandbox
          .ledger()
          .intents.filter((i) => i.metadata.tentpole_order === order.id);
        const net = ours.reduce((sum, i) => sum + i.captured - i.refunded, 0);
        const rows = await onlinePayments(order.id);
        expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(net);
        // The rental money in the totals; what was kept from the hold is security deposit.
        const rentalNet = ours
          .filter((i) => i.metadata.tentpole_kind !== 'hold')
          .reduce((sum, i) => sum + i.captured - i.refunded, 0);
        const after = await getOrder(order.id);
        expect(after.totals.paid - after.totals.refunded).toBe(rentalNet);
        // What the processor still holds is what Tentpole shows as held.
        const stillHeld = ours.reduce((sum, i) => sum + i.held, 0);
        const { body } = await apiCall<CardBody>(owner, 'GET', `/api/orders/${order.id}/card`);
        const shownHeld = body.charges
          .filter((c) => c.kind === 'hold' && c.status === 'held')
          .reduce((sum, c) => sum + c.amount, 0);
        expect(shownHeld).toBe(stillHeld);
      }),
      {
        numRuns: 4,
        // Found by a run: rental money refunded after a kept deposit must come back from a
        // rental payment, not from the deposit the hold kept.
        examples: [
          [
            [
              { kind: 'pay', cents: 50, card: '4242424242424242' },
              { kind: 'capture', cents: 50 },
              { kind: 'release' },
              { kind: 'refund', cents: 1 },
            ],
          ],
        ],
      },
    );
  }, 120_000);

  it('holds the security deposit two days before the delivery, not the party', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const { body: product } = await apiCall<{ product: { id: string } }>(
      owner,
      'POST',
      '/api/products',
      {
        name: `Early Castle ${Math.random()}`,
        quantity: 50,
        securityDeposit: 10_000,
        pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
      },
    );
    // The party is 60 hours away, but the truck brings it 40 hours from now.
    const start = new Date(Date.now() + 60 * 3_600_000);
    const delivery = new Date(Date.now() + 40 * 3_600_000);
    const { body } = await apiCall<OrderBody>(owner, 'POST', '/api/orders', {
      customerId: customer?.id,
      eventStart: start.toISOString(),
      eventEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      fulfilment: 'delivery',
      deliveryWindow: {
        start: delivery.toISOString(),
        end: new Date(delivery.getTime() + 2 * 3_600_000).toISOString(),
      },
      lines: [{ productId: product.product.id, quantity: 1 }],
    });
    const { body: link } = await apiCall<{ url: string }>(
      owner,
      'POST',
      `/api/orders/${body.order.id}/link`,
    );
    const page = new URL(link.url).pathname;
    expect((await visit(`${page}/sign`, form({ name: 'Pat Customer', agree: 'yes' }))).status).toBe(
      303,
    );
    await saveCard(page, '4242424242424242');
    await placeDueHolds(server.db, server.stripe, new Date());
    const { body: card } = await apiCall<CardBody>(
      owner,
      'GET',
      `/api/orders/${body.order.id}/card`,
    );
    expect(card.charges.find((c) => c.kind === 'hold')?.status).toBe('held');
  });
});
