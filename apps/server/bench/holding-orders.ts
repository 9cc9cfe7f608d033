// The busy account the availability and store benches share: customers, rental products (in
// categories when asked), and holding orders over two years, each with lines of a day-long
// party (09:00 to 22:00 in Chicago) spread over the products by a fixed hash.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export type HoldingAccount = {
  products: number;
  /** Units of each product. */
  quantity: number;
  priceCents: number;
  orders: number;
  linesPerOrder: number;
  /** The first event day (YYYY-MM-DD); the orders cover 730 days from it. */
  firstDay: string;
  /** Categories the products are dealt into; none: no category. */
  categories?: number;
  /** Buffers before and after, and recovery, of every product (minutes). */
  buffers?: { before: number; after: number; recovery: number };
  /** Lines of 1 to 3 units each (else one unit). */
  varyQuantity?: boolean;
  /** Makes the customers' e-mails unique per bench. */
  name: string;
};

export async function seedHoldingAccount(db: Db, accountId: string, a: HoldingAccount) {
  const buffers = a.buffers ?? { before: 0, after: 0, recovery: 0 };
  if (a.categories)
    await db.execute(sql`insert into categories (account_id, name, slug, position)
      select ${accountId}::uuid, 'Category ' || i, 'category-' || i, i
      from generate_series(1, ${a.categories}) i`);
  await db.execute(sql`with k as (select id, row_number() over (order by position) as n
      from categories where account_id = ${accountId}::uuid)
    insert into products (account_id, name, slug, type, tracking, quantity, pricing,
      buffer_before_minutes, buffer_after_minutes, recovery_minutes, category_id)
    select ${accountId}::uuid, 'Product ' || i, 'product-' || i, 'rental', 'bulk', ${a.quantity},
      jsonb_build_object('mode', 'flat', 'amount', ${a.priceCents}::int),
      ${buffers.before}, ${buffers.after}, ${buffers.recovery}, k.id
    from generate_series(1, ${a.products}) i
    left join k on k.n = 1 + i % ${a.categories ?? 1}`);
  await db.execute(sql`insert into customers (account_id, first_name, last_name, email)
    select ${accountId}::uuid, 'Bench', 'Customer ' || i, ${a.name} || i || '@example.com'
    from generate_series(1, 1000) i`);
  await db.execute(sql`insert into orders (account_id, customer_id, number, status, event_date, total_cents)
    select ${accountId}::uuid, (select id from customers where account_id = ${accountId}::uuid
        order by id offset (i % 1000) limit 1),
      i, (array['reserved','confirmed','confirmed','out'])[1 + i % 4],
      ${a.firstDay}::date + (i % 730), ${a.priceCents}
    from generate_series(1, ${a.orders}) i`);
  await db.execute(sql`with p as (select id, row_number() over (order by id) as n from products
      where account_id = ${accountId}::uuid),
    o as (select id, number, event_date from orders where account_id = ${accountId}::uuid)
    insert into order_lines (account_id, order_id, description, quantity, unit_price_cents, kind,
      product_id, reserved_from, reserved_until)
    select ${accountId}::uuid, o.id, 'Item',
      ${a.varyQuantity ? sql`1 + (o.number * k) % 3` : sql`1`}, ${a.priceCents}, 'product', p.id,
      (o.event_date + time '09:00') at time zone 'America/Chicago',
      (o.event_date + time '22:00') at time zone 'America/Chicago'
    from o cross join generate_series(1, ${a.linesPerOrder}) k
    join p on p.n = 1 + ((o.number * 7919 + k * 104729) % ${a.products})`);
  await db.execute(sql`analyze`);
}
