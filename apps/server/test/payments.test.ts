import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleOrders } from '../src/features/orders/jobs.js';
import { documents } from '../src/features/orders/tables.js';
import { recordPayment } from '../src/features/payments/service.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 17 item 6: manual payments and refunds, rental money and deposit apart, store credit.

let server: TestServer;
let owner: HttpClient;
let accountId: string;
let userId: string;
let customerId: string;
const NOW = new Date('2026-06-01T12:00:00Z');

type Totals = {
  total: number;
  paid: number;
  refunded: number;
  balance: number;
  securityDeposit: number;
  paymentStatus: string;
};
type OrderBody = { order: { id: string; totals: Totals; paymentStatus: string } };

/** A $300 order (two days of a $150 castle) with a $100 security deposit. */
async function order() {
  const { body: product } = await apiCall<{ product: { id: string } }>(
    owner,
    'POST',
    '/api/products',
    {
      name: `Castle ${Math.random()}`,
      quantity: 5,
      securityDeposit: 10_000,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
    },
  );
  const { body } = await apiCall<OrderBody>(owner, 'POST', '/api/orders', {
    customerId,
    eventStart: '2026-06-13T15:00:00Z',
    eventEnd: '2026-06-14T23:00:00Z',
    fulfilment: 'pickup',
    lines: [{ productId: product.product.id, quantity: 1 }],
  });
  return body.order;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Payments Rentals',
    email: 'payments-owner@tentpole.test',
    settings: { timezone: 'UTC', currency: 'USD' },
  });
  accountId = account.accountId;
  userId = account.userId;
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, accountId, 1);
  customerId = customer?.id as string;
});
afterAll(() => server?.close());

describe('payments and refunds', () => {
  it('moves the balance exactly with each payment and refund, deposit apart', async () => {
    const { id, totals } = await order();
    expect(totals).toMatchObject({ total: 30_000, balance: 30_000, securityDeposit: 10_000 });
    const paid = await apiCall<OrderBody>(owner, 'POST', `/api/orders/${id}/payments`, {
      amount: 9_000,
      method: 'card',
    });
    expect(paid.status).toBe(201);
    expect(paid.body.order.totals).toMatchObject({ paid: 9_000, balance: 21_000 });
    await apiCall(owner, 'POST', `/api/orders/${id}/payments`, {
      amount: 10_000,
      method: 'cash',
      of: 'deposit',
    });
    const rest = await apiCall<OrderBody>(owner, 'POST', `/api/orders/${id}/payments`, {
      amount: 21_000,
      method: 'check',
    });
    expect(rest.body.order.totals).toMatchObject({ paid: 30_000, balance: 0 });
    expect(rest.body.order.paymentStatus).toBe('paid');

    const refund = await apiCall<OrderBody>(owner, 'POST', `/api/orders/${id}/refunds`, {
      amount: 2_500,
      of: 'rental',
      reason: 'Blower failed for an hour',
    });
    expect(refund.body.order.totals).toMatchObject({
      paid: 30_000,
      refunded: 2_500,
      balance: 2_500,
    });
    const tooMuch = await apiCall<{ error: { fields: { amount: string[] } } }>(
      owner,
      'POST',
      `/api/orders/${id}/refunds`,
      { amount: 10_001, of: 'deposit', reason: 'Too much' },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amount).toEqual([
      'At most $100.00 of the security deposit can be refunded',
    ]);
    const list = await apiCall<{ payments: { kind: string; of: string; amount: number }[] }>(
      owner,
      'GET',
      `/api/orders/${id}/payments`,
    );
    expect(list.body.payments.map((p) => p.amount).sort((a, b) => a - b)).toEqual([
      -2_500, 9_000, 10_000, 21_000,
    ]);
  });

  it('refunds to store credit and spends it on another order, never more than is left', async () => {
    const first = await order();
    await apiCall(owner, 'POST', `/api/orders/${first.id}/payments`, {
      amount: 5_000,
      method: 'cash',
    });
    await apiCall(owner, 'POST', `/api/orders/${first.id}/refunds`, {
      amount: 5_000,
      of: 'rental',
      reason: 'Cancelled: kept as credit',
      method: 'store_credit',
    });
    const second = await order();
    const spend = await apiCall<OrderBody>(owner, 'POST', `/api/orders/${second.id}/payments`, {
      amount: 3_000,
      method: 'store_credit',
    });
    expect(spend.body.order.totals.paid).toBe(3_000);
    const over = await apiCall<{ error: { fields: { amount: string[] } } }>(
      owner,
      'POST',
      `/api/orders/${second.id}/payments`,
      { amount: 2_001, method: 'store_credit' },
    );
    expect(over.body.error.fields.amount).toEqual(['Only $20.00 of store credit is left']);
    const list = await apiCall<{ storeCredit: number }>(
      owner,
      'GET',
      `/api/orders/${second.id}/payments`,
    );
    expect(list.body.storeCredit).toBe(2_000);
  });

  it('lets 20 concurrent spends of $10 take exactly the $50 of credit there is', async () => {
    const paidOrder = await order();
    await apiCall(owner, 'POST', `/api/orders/${paidOrder.id}/payments`, {
      amount: 5_000,
      method: 'cash',
    });
    await apiCall(owner, 'POST', `/api/orders/${paidOrder.id}/refunds`, {
      amount: 5_000 + 2_000, // what is left from the test before is not this order's
      of: 'rental',
      reason: 'x',
      method: 'store_credit',
    }).then((r) => expect(r.status).toBe(400));
    await apiCall(owner, 'POST', `/api/orders/${paidOrder.id}/refunds`, {
      amount: 5_000,
      of: 'rental',
      reason: 'Credit',
      method: 'store_credit',
    });
    const target = await order();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        recordPayment(
          server.db,
          accountId,
          target.id,
          { amount: 1_000, method: 'store_credit', of: 'rental', note: null },
          userId,
          NOW,
        ),
      ),
    );
    // $50 from this test and $20 left over from the one before: seven spends fit.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const { body } = await apiCall<OrderBody>(owner, 'GET', `/api/orders/${target.id}`);
    expect(body.order.totals.paid).toBe(7_000);
    const list = await apiCall<{ storeCredit: number }>(
      owner,
      'GET',
      `/api/orders/${target.id}/payments`,
    );
    expect(list.body.storeCredit).toBe(0);
  });

  it('confirms a signed order once paid, and completes a returned one once settled, once each', async () => {
    const { id } = await order();
    await apiCall(owner, 'POST', `/api/orders/${id}/transitions`, { to: 'reserved' });
    const contract = await apiCall<{ document: { id: string } }>(
      owner,
      'POST',
      `/api/orders/${id}/documents`,
      {
        kind: 'contract',
      },
    );
    await server.db
      .update(documents)
      .set({ status: 'signed' })
      .where(eq(documents.id, contract.body.document.id));
    const [first, second] = await Promise.all([
      settleOrders(server.db, NOW),
      settleOrders(server.db, NOW),
    ]);
    expect([...first, ...second].filter((moved) => moved === id)).toHaveLength(1);
    const status = async () =>
      (await apiCall<{ order: { status: string } }>(owner, 'GET', `/api/orders/${id}`)).body.order
        .status;
    expect(await status()).toBe('confirmed');

    await apiCall(owner, 'POST', `/api/orders/${id}/transitions`, { to: 'out' });
    await apiCall(owner, 'POST', `/api/orders/${id}/transitions`, { to: 'returned' });
    await settleOrders(server.db, NOW);
    expect(await status()).toBe('returned'); // $300 still due
    // The payment that settles it completes it at once; the minute's sweep then moves nothing.
    const paid = await apiCall<{ order: { status: string } }>(
      owner,
      'POST',
      `/api/orders/${id}/payments`,
      {
        amount: 30_000,
        method: 'cash',
      },
    );
    expect(paid.status).toBe(201);
    expect(await status()).toBe('completed');
    expect(await settleOrders(server.db, NOW)).not.toContain(id);
  });
  it('cancels with what happens to the money: keep the booking deposit, refund or credit the rest, once', async () => {
    const pay = async (id: string, amount: number, method: string, of = 'rental') =>
      apiCall(owner, 'POST', `/api/orders/${id}/payments`, { amount, method, of });
    const cancel = (id: string, money: string) =>
      apiCall<OrderBody & { order: { status: string } }>(
        owner,
        'POST',
        `/api/orders/${id}/transitions`,
        {
          to: 'cancelled',
          reason: 'Rained out',
          money,
        },
      );
    const moves = async (id: string) =>
      (
        await apiCall<{ payments: { kind: string; of: string; amount: number; method: string }[] }>(
          owner,
          'GET',
          `/api/orders/${id}/payments`,
        )
      ).body.payments
        .filter((p) => p.kind === 'refund')
        .map((p) => [p.of, p.method, p.amount])
        .sort();

    // A $75 booking deposit for this test's orders; the account's other tests ask none.
    const setDeposit = (deposit: unknown) =>
      server.db.execute(
        sql`update accounts set settings = jsonb_set(settings, '{orders}', ${JSON.stringify({ deposit })}::jsonb) where id = ${accountId}`,
      );
    await setDeposit({ mode: 'fixed', amount: 7_500 });
    const kept = await order();
    await setDeposit({ mode: 'none' });
    const depositDue = (kept.totals as Totals & { depositDue: number }).depositDue;
    expect(depositDue).toBeGreaterThan(0);
    await pay(kept.id, 20_000, 'card');
    await pay(kept.id, 10_000, 'cash', 'deposit');
    const cancelled = await cancel(kept.id, 'keep_deposit');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
    expect(await moves(kept.id)).toEqual([
      ['deposit', 'cash', -10_000],
      ['rental', 'card', -(20_000 - depositDue)],
    ]);
    // Settled once: another cancellation request moves nothing more.
    expect((await cancel(kept.id, 'refund')).status).toBe(409);
    expect(await moves(kept.id)).toHaveLength(2);

    // Two cancellations at once: one moves the money, the other is refused.
    const raced = await order();
    await pay(raced.id, 4_000, 'cash');
    const answers = await Promise.all([cancel(raced.id, 'refund'), cancel(raced.id, 'refund')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await moves(raced.id)).toEqual([['rental', 'cash', -4_000]]);

    const credited = await order();
    await pay(credited.id, 12_345, 'check');
    const before = (
      await apiCall<{ storeCredit: number }>(owner, 'GET', `/api/orders/${credited.id}/payments`)
    ).body.storeCredit;
    await cancel(credited.id, 'store_credit');
    expect(await moves(credited.id)).toEqual([['rental', 'store_credit', -12_345]]);
    const after = (
      await apiCall<{ storeCredit: number }>(owner, 'GET', `/api/orders/${credited.id}/payments`)
    ).body.storeCredit;
    expect(after - before).toBe(12_345);

    const refunded = await order();
    await pay(refunded.id, 30_000, 'bank_transfer');
    await cancel(refunded.id, 'refund');
    expect(await moves(refunded.id)).toEqual([['rental', 'bank_transfer', -30_000]]);
    const bad = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${(await order()).id}/transitions`,
      { to: 'cancelled', reason: 'x', money: 'keep_everything' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.money).toEqual(['Choose what happens to the money']);
  });
});
