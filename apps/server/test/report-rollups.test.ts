import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/client.js';
import { stopEvents, vehicles } from '../src/features/delivery/tables.js';
import { products } from '../src/features/inventory/tables.js';
import { orderLines, orders } from '../src/features/orders/tables.js';
import { payments } from '../src/features/payments/tables.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import { openTestDatabase } from './helpers/test-database.js';

// Decision 0054: report_orders, utilisation_lines, report_payments and report_stop_events are
// copies kept by triggers. Whatever is written to orders, order_lines, payments and stop_events,
// and however, each copy equals what it is copied from.

let database: Database;
let accountId: string;
let customerId: string;
let productId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const account = await createAccountWithUser(database.db, {
    name: 'Rollup Rentals',
    email: 'rollup-owner@tentpole.test',
  });
  accountId = account.accountId;
  const [customer] = await createCustomers(database.db, accountId, 1);
  customerId = customer?.id as string;
  const [product] = await database.db
    .insert(products)
    .values({
      accountId,
      name: 'Rollup Castle',
      slug: 'rollup-castle',
      type: 'rental',
      tracking: 'bulk',
      quantity: 3,
      pricing: { mode: 'flat', amount: 10_000 },
    })
    .returning({ id: products.id });
  productId = product?.id as string;
});
afterAll(() => database?.close());

/** The copies that differ from what the orders and their lines say now (none when kept). */
async function drift() {
  const db = database.db;
  const ordersDrift = await queryRows(
    db,
    sql`(select o.id as order_id, o.account_id, o.customer_id, o.number, o.status, o.tax_exempt,
          coalesce((o.totals->>'total')::bigint, o.total_cents) as total_cents,
          coalesce((o.totals->>'tax')::bigint, 0) as tax_cents,
          coalesce((o.totals->>'taxableBase')::bigint, 0) as taxable_cents,
          o.event_start, o.created_at, o.referral_source, o.delivery_window->>'end' as delivery_due,
          o.pickup_window->>'end' as pickup_due
        from orders o where o.account_id = ${accountId}
        except
        select order_id, account_id, customer_id, number, status, tax_exempt, total_cents,
          tax_cents, taxable_cents, event_start, created_at, referral_source, delivery_due,
          pickup_due
        from report_orders where account_id = ${accountId})
      union all
      (select order_id, account_id, customer_id, number, status, tax_exempt, total_cents, tax_cents,
          taxable_cents, event_start, created_at, referral_source, delivery_due, pickup_due
        from report_orders where account_id = ${accountId}
        except
        select o.id, o.account_id, o.customer_id, o.number, o.status, o.tax_exempt,
          coalesce((o.totals->>'total')::bigint, o.total_cents),
          coalesce((o.totals->>'tax')::bigint, 0), coalesce((o.totals->>'taxableBase')::bigint, 0),
          o.event_start, o.created_at, o.referral_source, o.delivery_window->>'end',
          o.pickup_window->>'end'
        from orders o where o.account_id = ${accountId})`,
  );
  const linesDrift = await queryRows(
    db,
    sql`(select l.id as line_id, l.account_id, l.order_id, l.product_id, l.quantity,
          l.reserved_from, l.reserved_until,
          case when l.kind = 'product' then l.quantity::bigint * l.unit_price_cents end as revenue_cents,
          o.status, o.event_start
        from order_lines l join orders o on o.id = l.order_id
        where l.account_id = ${accountId} and l.product_id is not null
        except
        select line_id, account_id, order_id, product_id, quantity, reserved_from, reserved_until,
          revenue_cents, status, event_start
        from utilisation_lines where account_id = ${accountId})
      union all
      (select line_id, account_id, order_id, product_id, quantity, reserved_from, reserved_until,
          revenue_cents, status, event_start
        from utilisation_lines where account_id = ${accountId}
        except
        select l.id, l.account_id, l.order_id, l.product_id, l.quantity, l.reserved_from,
          l.reserved_until,
          case when l.kind = 'product' then l.quantity::bigint * l.unit_price_cents end,
          o.status, o.event_start
        from order_lines l join orders o on o.id = l.order_id
        where l.account_id = ${accountId} and l.product_id is not null)`,
  );
  return { orders: ordersDrift, lines: linesDrift };
}

/**
 * The payments' copies and the orders' rental money paid that differ from what the payments
 * and their orders say now (none when kept). A share of tax is the payment's part of its
 * order's tax, rounded per payment; none for a deposit, a cancelled order or a total of 0.
 */
async function paymentsDrift() {
  const db = database.db;
  const share = (part: ReturnType<typeof sql>) =>
    sql`(case when p.of <> 'rental' or o.status = 'cancelled'
          or coalesce((o.totals->>'total')::bigint, o.total_cents) = 0 then 0
        else round(p.amount_cents::numeric * ${part}
          / coalesce((o.totals->>'total')::bigint, o.total_cents)) end)::bigint`;
  const source = sql`select p.id, p.account_id, p.order_id, p.of, p.paid_at, p.amount_cents,
      ${share(sql`coalesce((o.totals->>'tax')::bigint, 0)`)},
      ${share(sql`coalesce((o.totals->>'taxableBase')::bigint, 0)`)},
      o.tax_exempt, o.status, o.event_start
    from payments p join orders o on o.id = p.order_id where p.account_id = ${accountId}`;
  const copy = sql`select payment_id, account_id, order_id, of, paid_at, amount_cents, tax_cents,
      taxable_cents, tax_exempt, status, event_start
    from report_payments where account_id = ${accountId}`;
  const rows = await queryRows(
    db,
    sql`(${source} except ${copy}) union all (${copy} except ${source})`,
  );
  const paid = await queryRows(
    db,
    sql`select r.order_id, r.rental_paid_cents from report_orders r
      where r.account_id = ${accountId} and r.rental_paid_cents <> coalesce((
        select sum(p.amount_cents) from payments p
        where p.order_id = r.order_id and p.of = 'rental'), 0)`,
  );
  return { payments: rows, paid };
}

/**
 * The stops' copies that differ from what the stop events and their orders say now (none when
 * kept): every "delivered" or "picked up" event of an order of its own account, with the end of
 * the order's window for the stop (the pickup window's for a pickup, else the delivery's).
 */
async function stopsDrift() {
  const source = sql`select e.account_id, e.id, e.order_id, e.stop_kind, e.day, e.occurred_at,
      case when e.stop_kind = 'pickup' then o.pickup_window->>'end'
        else o.delivery_window->>'end' end
    from stop_events e join orders o on o.id = e.order_id and o.account_id = e.account_id
    where e.account_id = ${accountId} and e.action in ('delivered', 'picked_up')`;
  const copy = sql`select account_id, event_id, order_id, stop_kind, day, occurred_at, due
    from report_stop_events where account_id = ${accountId}`;
  return queryRows(
    database.db,
    sql`(${source} except ${copy}) union all (${copy} except ${source})`,
  );
}

const copiedStops = async () => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from report_stop_events where account_id = ${accountId}`,
  );
  return row?.n;
};

const totals = (total: number, tax: number) => ({ total, tax, taxableBase: total - tax });

describe('the reports’ copies of orders and lines', () => {
  it('follow every write: insert, status, totals, event, line changes and deletes', async () => {
    const db = database.db;
    const [order] = await db
      .insert(orders)
      .values({
        accountId,
        number: 1,
        customerId,
        status: 'quote',
        eventDate: '2026-03-01',
        eventStart: new Date('2026-03-01T16:00:00Z'),
        eventEnd: new Date('2026-03-01T22:00:00Z'),
        totals: totals(21_600, 1_600),
        totalCents: 21_600,
      })
      .returning({ id: orders.id });
    const orderId = order?.id as string;
    const line = {
      accountId,
      orderId,
      description: 'Rollup Castle',
      quantity: 2,
      unitPriceCents: 10_000,
      productId,
      reservedFrom: new Date('2026-03-01T14:00:00Z'),
      reservedUntil: new Date('2026-03-02T00:00:00Z'),
    };
    const [first] = await db.insert(orderLines).values(line).returning({ id: orderLines.id });
    await db.insert(orderLines).values([
      { ...line, kind: 'component', quantity: 1, unitPriceCents: 0 },
      { ...line, kind: 'fee', description: 'Delivery', productId: null, unitPriceCents: 2_500 },
    ]);
    expect(await drift()).toEqual({ orders: [], lines: [] });
    const [copies] = await queryRows<{ orders: number; lines: number }>(
      db,
      sql`select (select count(*) from report_orders where account_id = ${accountId})::int as orders,
        (select count(*) from utilisation_lines where account_id = ${accountId})::int as lines`,
    );
    expect(copies).toEqual({ orders: 1, lines: 2 });

    // Booked, then moved, repriced and made tax-exempt; a change that copies nothing.
    await db.update(orders).set({ status: 'reserved' }).where(eq(orders.id, orderId));
    await db
      .update(orders)
      .set({
        eventStart: new Date('2026-03-08T16:00:00Z'),
        totals: totals(32_400, 2_400),
        totalCents: 32_400,
        taxExempt: true,
      })
      .where(eq(orders.id, orderId));
    await db
      .update(orders)
      .set({ notes: { internal: 'gate code 1234' } })
      .where(eq(orders.id, orderId));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    // Renumbered, its referral source and its delivery and pickup windows set, then cleared.
    await db
      .update(orders)
      .set({
        number: 2,
        referralSource: 'Facebook',
        deliveryWindow: { start: '2026-03-08T13:00:00Z', end: '2026-03-08T15:00:00Z' },
        pickupWindow: { start: '2026-03-08T22:00:00Z', end: '2026-03-09T00:00:00Z' },
      })
      .where(eq(orders.id, orderId));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    await db
      .update(orders)
      .set({ referralSource: null, pickupWindow: null })
      .where(eq(orders.id, orderId));
    expect(await drift()).toEqual({ orders: [], lines: [] });

    // A line's quantity and range change; it loses its product; it gets one back; it goes.
    await db
      .update(orderLines)
      .set({ quantity: 3, reservedFrom: new Date('2026-03-08T14:00:00Z') })
      .where(eq(orderLines.id, first?.id as string));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    await db
      .update(orderLines)
      .set({ productId: null })
      .where(eq(orderLines.id, first?.id as string));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    await db
      .update(orderLines)
      .set({ productId })
      .where(eq(orderLines.id, first?.id as string));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    await db.delete(orderLines).where(eq(orderLines.id, first?.id as string));
    expect(await drift()).toEqual({ orders: [], lines: [] });

    // Cancelled, then deleted with its lines.
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    await db.delete(orders).where(eq(orders.id, orderId));
    expect(await drift()).toEqual({ orders: [], lines: [] });
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select ((select count(*) from report_orders where account_id = ${accountId})
        + (select count(*) from utilisation_lines where account_id = ${accountId}))::int as n`,
    );
    expect(left?.n).toBe(0);
  });

  it('follow payments, refunds, their orders’ changes and deletes', async () => {
    const db = database.db;
    const order = (number: number, total: number, tax: number) => ({
      accountId,
      number,
      customerId,
      status: 'reserved' as const,
      eventDate: '2026-04-04',
      eventStart: new Date('2026-04-04T16:00:00Z'),
      eventEnd: new Date('2026-04-04T22:00:00Z'),
      totals: totals(total, tax),
      totalCents: total,
    });
    const [a, b] = await db
      .insert(orders)
      .values([order(10, 21_600, 1_600), order(11, 0, 0)])
      .returning({ id: orders.id });
    const orderId = a?.id as string;
    const other = b?.id as string;
    const money = (amountCents: number, of: 'rental' | 'deposit', kind = 'payment' as const) => ({
      accountId,
      orderId,
      customerId,
      amountCents,
      method: 'card' as const,
      kind,
      of,
      paidAt: new Date('2026-03-20T15:00:00Z'),
    });
    // A third of the total (its share of tax rounds), a security deposit, a refund, and a
    // payment on an order totalling 0.
    const [rental, deposit] = await db
      .insert(payments)
      .values([money(7_200, 'rental'), money(10_000, 'deposit')])
      .returning({ id: payments.id });
    await db
      .insert(payments)
      .values({ ...money(-1_001, 'rental'), kind: 'refund' })
      .returning({ id: payments.id });
    await db.insert(payments).values({ ...money(500, 'rental'), orderId: other });
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    const [copies] = await queryRows<{ payments: number; paid: number; tax: number }>(
      db,
      sql`select (select count(*) from report_payments where account_id = ${accountId})::int as payments,
        (select rental_paid_cents from report_orders where order_id = ${orderId})::int as paid,
        (select sum(tax_cents) from report_payments where order_id = ${orderId})::int as tax`,
    );
    // 7,200 × 1,600 ÷ 21,600 = 533.3 → 533; −1,001 × 1,600 ÷ 21,600 = −74.1 → −74.
    expect(copies).toEqual({ payments: 4, paid: 6_199, tax: 459 });

    // A payment changes amount, day, kind of money and order; its order is repriced, made
    // tax-exempt, moved, cancelled and booked again.
    await db
      .update(payments)
      .set({ amountCents: 8_100, paidAt: new Date('2026-03-21T15:00:00Z') })
      .where(eq(payments.id, rental?.id as string));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db
      .update(payments)
      .set({ of: 'rental' })
      .where(eq(payments.id, deposit?.id as string));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db
      .update(payments)
      .set({ orderId: other })
      .where(eq(payments.id, deposit?.id as string));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db
      .update(orders)
      .set({ totals: totals(32_400, 2_400), totalCents: 32_400, taxExempt: true })
      .where(eq(orders.id, orderId));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db
      .update(orders)
      .set({ eventStart: new Date('2026-04-11T16:00:00Z') })
      .where(eq(orders.id, orderId));
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, orderId));
    await db
      .update(orders)
      .set({ totals: totals(10_800, 800), totalCents: 10_800 })
      .where(eq(orders.id, other));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });

    // A refund deleted; then each order, with its payments.
    await db.delete(payments).where(eq(payments.amountCents, -1_001));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    const [after] = await queryRows<{ paid: number }>(
      db,
      sql`select rental_paid_cents::int as paid from report_orders where order_id = ${orderId}`,
    );
    expect(after?.paid).toBe(8_100);
    await db.delete(orders).where(eq(orders.id, orderId));
    expect(await paymentsDrift()).toEqual({ payments: [], paid: [] });
    await db.delete(orders).where(eq(orders.id, other));
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select ((select count(*) from report_payments where account_id = ${accountId})
        + (select count(*) from report_orders where account_id = ${accountId}))::int as n`,
    );
    expect(left?.n).toBe(0);
  });

  it('follow stop events and their orders’ windows: writes, changes and deletes', async () => {
    const db = database.db;
    const other = await createAccountWithUser(db, {
      name: 'Other Rollup Rentals',
      email: 'rollup-other@tentpole.test',
    });
    const [otherCustomer] = await createCustomers(db, other.accountId, 1);
    const order = (number: number) => ({
      accountId,
      number,
      customerId,
      status: 'confirmed' as const,
      eventDate: '2026-05-02',
      eventStart: new Date('2026-05-02T16:00:00Z'),
      eventEnd: new Date('2026-05-02T22:00:00Z'),
      totals: totals(10_800, 800),
      totalCents: 10_800,
    });
    const [a, b] = await db
      .insert(orders)
      .values([
        {
          ...order(20),
          deliveryWindow: { start: '2026-05-02T13:00:00Z', end: '2026-05-02T15:00:00Z' },
          pickupWindow: { start: '2026-05-02T22:00:00Z', end: '2026-05-03T00:00:00Z' },
        },
        order(21),
      ])
      .returning({ id: orders.id });
    const [foreign] = await db
      .insert(orders)
      .values({ ...order(1), accountId: other.accountId, customerId: otherCustomer?.id as string })
      .returning({ id: orders.id });
    const [truck] = await db
      .insert(vehicles)
      .values({
        accountId,
        name: 'Truck 1',
        capacityUnits: 10,
        shiftStart: '07:00',
        shiftEnd: '19:00',
      })
      .returning({ id: vehicles.id });
    const event = (
      id: string,
      orderId: string | null,
      stopKind: 'delivery' | 'pickup' | null,
      action: 'start_route' | 'arrived' | 'delivered' | 'picked_up' | 'problem',
      at: string,
    ) => ({
      accountId,
      id,
      day: '2026-05-02',
      vehicleId: truck?.id as string,
      orderId,
      stopKind,
      action,
      occurredAt: new Date(at),
    });
    const ids = [1, 2, 3, 4, 5, 6, 7].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    const [started, delivered, pickedUp, problem, arrived, again, elsewhere] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const orderA = a?.id as string;
    const orderB = b?.id as string;
    // A route started (no order), a delivery and a pickup done, a problem, an arrival, a second
    // "delivered" for the same stop, and a stop done naming another account's order.
    await db
      .insert(stopEvents)
      .values([
        event(started, null, null, 'start_route', '2026-05-02T12:30:00Z'),
        event(delivered, orderA, 'delivery', 'delivered', '2026-05-02T14:40:00Z'),
        event(pickedUp, orderA, 'pickup', 'picked_up', '2026-05-02T23:10:00Z'),
        event(problem, orderB, 'delivery', 'problem', '2026-05-02T14:00:00Z'),
        event(arrived, orderB, 'delivery', 'arrived', '2026-05-02T14:50:00Z'),
        event(again, orderA, 'delivery', 'delivered', '2026-05-02T15:20:00Z'),
        event(elsewhere, foreign?.id as string, 'delivery', 'delivered', '2026-05-02T15:00:00Z'),
      ]);
    expect(await stopsDrift()).toEqual([]);
    expect(await copiedStops()).toBe(3);

    const set = (id: string, values: Partial<typeof stopEvents.$inferInsert>) =>
      db
        .update(stopEvents)
        .set(values)
        .where(sql`${stopEvents.accountId} = ${accountId} and ${stopEvents.id} = ${id}`);
    // An event's time, day, kind and order change; a problem becomes a delivery and back; an
    // arrival is done; a change to what is not copied.
    await set(delivered, { occurredAt: new Date('2026-05-02T14:45:00Z'), day: '2026-05-03' });
    expect(await stopsDrift()).toEqual([]);
    await set(again, { stopKind: 'pickup' });
    expect(await stopsDrift()).toEqual([]);
    await set(again, { orderId: orderB, stopKind: 'delivery' });
    expect(await stopsDrift()).toEqual([]);
    await set(problem, { action: 'delivered' });
    expect(await stopsDrift()).toEqual([]);
    await set(problem, { action: 'problem' });
    await set(arrived, { action: 'delivered' });
    expect(await stopsDrift()).toEqual([]);
    await set(pickedUp, { detail: { note: 'All units back' } });
    await set(pickedUp, { orderId: null });
    expect(await stopsDrift()).toEqual([]);
    await set(pickedUp, { orderId: orderA });
    await set(elsewhere, { orderId: orderA });
    expect(await stopsDrift()).toEqual([]);
    expect(await copiedStops()).toBe(5);

    // The orders' windows change, are cleared and set; an order moves to the other account and
    // back.
    await db
      .update(orders)
      .set({ deliveryWindow: { start: '2026-05-02T12:00:00Z', end: '2026-05-02T14:30:00Z' } })
      .where(eq(orders.id, orderA));
    expect(await stopsDrift()).toEqual([]);
    await db.update(orders).set({ pickupWindow: null }).where(eq(orders.id, orderA));
    await db
      .update(orders)
      .set({ deliveryWindow: { start: '2026-05-02T13:00:00Z', end: '2026-05-02T16:00:00Z' } })
      .where(eq(orders.id, orderB));
    expect(await stopsDrift()).toEqual([]);
    await db.update(orders).set({ accountId: other.accountId }).where(eq(orders.id, orderB));
    expect(await stopsDrift()).toEqual([]);
    await db.update(orders).set({ accountId }).where(eq(orders.id, orderB));
    expect(await stopsDrift()).toEqual([]);
    expect(await copiedStops()).toBe(5);

    // An event deleted; then each order, with its events.
    await db
      .delete(stopEvents)
      .where(sql`${stopEvents.accountId} = ${accountId} and ${stopEvents.id} = ${pickedUp}`);
    expect(await stopsDrift()).toEqual([]);
    await db.delete(orders).where(eq(orders.id, orderA));
    expect(await stopsDrift()).toEqual([]);
    await db.delete(orders).where(eq(orders.id, orderB));
    expect(await stopsDrift()).toEqual([]);
    expect(await copiedStops()).toBe(0);
  });
});
