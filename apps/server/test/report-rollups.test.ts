import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/client.js';
import { products } from '../src/features/inventory/tables.js';
import { orderLines, orders } from '../src/features/orders/tables.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import { openTestDatabase } from './helpers/test-database.js';

// Decision 0054: report_orders and utilisation_lines are copies kept by triggers. Whatever is
// written to orders and order_lines, and however, each copy equals what it is copied from.

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
    sql`(select o.id as order_id, o.account_id, o.customer_id, o.status, o.tax_exempt,
          coalesce((o.totals->>'total')::bigint, o.total_cents) as total_cents,
          coalesce((o.totals->>'tax')::bigint, 0) as tax_cents,
          coalesce((o.totals->>'taxableBase')::bigint, 0) as taxable_cents,
          o.event_start, o.created_at
        from orders o where o.account_id = ${accountId}
        except
        select order_id, account_id, customer_id, status, tax_exempt, total_cents, tax_cents,
          taxable_cents, event_start, created_at
        from report_orders where account_id = ${accountId})
      union all
      (select order_id, account_id, customer_id, status, tax_exempt, total_cents, tax_cents,
          taxable_cents, event_start, created_at
        from report_orders where account_id = ${accountId}
        except
        select o.id, o.account_id, o.customer_id, o.status, o.tax_exempt,
          coalesce((o.totals->>'total')::bigint, o.total_cents),
          coalesce((o.totals->>'tax')::bigint, 0), coalesce((o.totals->>'taxableBase')::bigint, 0),
          o.event_start, o.created_at
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
});
