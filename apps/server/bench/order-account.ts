// A large account's customers and orders, built in SQL (insert … select generate_series) so a
// bench can make 100,000 orders in seconds. The order list bench (orders.bench.ts) takes bare
// orders; the reports bench (reports.bench.ts) takes them as the app writes them: totals,
// coupons, tax exemption, referral sources, cancellation reasons, creation times and local
// event times.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export type OrderAccountShape = {
  customers: number;
  orders: number;
  /** Events fall on `days` days from this one (YYYY-MM-DD), order i on day i % days. */
  firstDay: string;
  days: number;
  /** Order i's status: SQL over `i` (1…orders) and `d` (its event day, a date). */
  status: SQL;
  /** The bench's clock: holds expire in the 96 hours after it; nothing is created after it. */
  now: Date;
  /**
   * Orders as the app writes them, events at local times in this time zone. Without it, bare
   * orders: events 15:00–23:00 UTC, no totals snapshot, created when the bench runs.
   */
  details?: { timeZone: string };
};

/**
 * `shape.customers` customers (Olivia Smith0…, oc{i}@example.com, +1555{i}) and `shape.orders`
 * orders numbered from 1001, order i of customer 1 + i % customers.
 */
export async function buildOrderAccount(db: Db, accountId: string, shape: OrderAccountShape) {
  await db.execute(sql`insert into customers (account_id, first_name, last_name, email, phone_number)
    select ${accountId}::uuid,
      (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James'])[1 + i % 8],
      (array['Smith','Garcia','Brown','Jones','Miller','Davis','Lopez','Wilson'])[1 + (i / 8) % 8] || (i % 97)::text,
      'oc' || i || '@example.com', '+1555' || lpad(i::text, 7, '0')
    from generate_series(1, ${shape.customers}) i`);
  const now = sql`${shape.now.toISOString()}::timestamptz`;
  const orders = sql`(select i, d, ${shape.status} as status
    from (select i, ${shape.firstDay}::date + (i % ${shape.days}) as d
          from generate_series(1, ${shape.orders}) i) g) s`;
  const numbered = sql`c as (select id, row_number() over (order by id) as n from customers
    where account_id = ${accountId}::uuid)`;
  const holdExpires = sql`case when s.status = 'hold'
    then ${now} + ((s.i % 96) || ' hours')::interval end`;
  if (!shape.details) {
    await db.execute(sql`with ${numbered}
      insert into orders (account_id, customer_id, number, status, event_date, event_start, event_end,
        total_cents, totals, hold_expires_at)
      select ${accountId}::uuid, c.id, 1000 + s.i, s.status, s.d,
        (s.d + time '15:00') at time zone 'UTC',
        (s.d + time '23:00') at time zone 'UTC',
        10000 + (s.i % 50) * 1000, null, ${holdExpires}
      from ${orders} join c on c.n = 1 + (s.i % ${shape.customers})`);
    return;
  }
  const tz = shape.details.timeZone;
  // Rental subtotal $120–$1,260 (a multiple of $60, so it splits evenly into 1–3 lines of 1–2
  // units); delivery $25 unless picked up; a coupon takes 10 %; 8.25 % tax on the rest unless
  // the customer is exempt; a $100 security deposit on one order in seven.
  await db.execute(sql`with ${numbered},
    m as (
      select s.*,
        6000 * (2 + (s.i * 37) % 20) as rental,
        case when s.i % 5 = 0 then 0 else 2500 end as fees,
        s.i % 25 = 0 as exempt,
        case when s.i % 9 = 0
          then (array['PARTY10','SUMMER15','WELCOME','VIP20','Loyal5'])[1 + (s.i / 9) % 5] end as coupon,
        case when s.i % 7 = 0 then 10000 else 0 end as security,
        ((s.d + time '09:00') at time zone ${tz}) + make_interval(hours => s.i % 8) as starts
      from ${orders}
    )
    insert into orders (account_id, customer_id, number, status, event_date, event_start, event_end,
      fulfilment, tax_exempt, coupon_code, referral_source, cancel_reason, hold_expires_at,
      totals, total_cents, created_at, updated_at)
    select ${accountId}::uuid, c.id, 1000 + s.i, s.status, s.d, s.starts,
      s.starts + case when s.i % 10 = 0 then interval '2 days'
                      else make_interval(hours => 4 + s.i % 5) end,
      case when s.fees = 0 then 'pickup' else 'delivery' end,
      s.exempt, s.coupon,
      case when (s.i * 31) % 10 >= 4 then (array['Google','Facebook','Repeat customer',
        'Friend referral','Yelp','Instagram','School flyer'])[1 + (s.i / 10) % 7] end,
      case when s.status = 'cancelled' then (array['Weather','Changed plans',
        'Booked another company','Event postponed','Too expensive',''])[1 + s.i % 7] end,
      ${holdExpires},
      jsonb_build_object('rentalSubtotal', s.rental, 'fees', s.fees, 'damageWaiver', 0,
        'discounts', a.discounts, 'taxableBase', b.taxable, 'tax', t.tax, 'total', z.total,
        'depositDue', round(z.total * 0.25)::int, 'securityDeposit', s.security),
      z.total, k.created, k.created
    from m s
    cross join lateral (select case when s.coupon is null then 0 else s.rental / 10 end as discounts) a
    cross join lateral (select case when s.exempt then 0 else s.rental - a.discounts end as taxable) b
    cross join lateral (select round(b.taxable * 0.0825)::int as tax) t
    cross join lateral (select s.rental + s.fees - a.discounts + t.tax as total) z
    cross join lateral (select least(
        ((s.d - (2 + (s.i * 13) % 90)) + time '08:00') at time zone ${tz}
          + make_interval(mins => (s.i * 17) % 720),
        ${now} - make_interval(mins => 1 + s.i % 1440)) as created) k
    join c on c.n = 1 + (s.i % ${shape.customers})`);
}
