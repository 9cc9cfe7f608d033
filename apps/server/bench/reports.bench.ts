// Reports on a large account (issue 22), PostgreSQL: 100,000 orders of 20,000 customers over
// about three years, 2,000 rental products in 30 categories, their lines, payments, card holds,
// calls and texts. Each report over the last 365 days, built as its JSON route builds it
// (`build(…, 500)`), and the first page of the CSV of the reports with a row per order, next
// to a primary-key lookup in the same run. Goal (issue 22): p95 ≤ 200 ms each.

import { cpus, loadavg } from 'node:os';
import {
  REPORT_ROWS_SHOWN,
  type ReportKey,
  type ReportQuery,
  reportQuerySchema,
} from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/client.js';
import { reportScope } from '../src/features/reports/range.js';
import { REPORTS } from '../src/features/reports/reports.js';
import { createAccountWithUser } from '../test/helpers/fixtures.js';
import { openTestDatabase } from '../test/helpers/test-database.js';
import { measure, ms, type Timing } from './measure.js';
import { buildOrderAccount } from './order-account.js';

const ORDERS = 100_000;
const CUSTOMERS = 20_000;
const PRODUCTS = 2_000;
const TIME_ZONE = 'America/Chicago';
/** Noon in Chicago; events run from July 2023 to the end of August 2026 (three months ahead). */
const NOW = new Date('2026-06-01T17:00:00Z');
const TODAY = '2026-06-01';
const FIRST_DAY = '2023-07-01';
const DAYS = 1157;
/** The range timed: the last 365 days (the previous period, compared, the 365 before). */
const RANGE = { from: '2025-06-02', to: TODAY };
export const REPORT_GOAL_MS = 200;
const RUNS = 30;
const WARMUP = 3;
/** A run slower than this (25× the goal) times only SLOW_RUNS runs. */
const SLOW_MS = 25 * REPORT_GOAL_MS;
const SLOW_RUNS = 3;

const CATEGORIES = [
  'Bounce Houses',
  'Water Slides',
  'Combo Units',
  'Obstacle Courses',
  'Interactive Games',
  'Toddler Inflatables',
  'Tents',
  'Tables',
  'Chairs',
  'Linens',
  'Concessions',
  'Generators',
  'Dunk Tanks',
  'Carnival Games',
  'Mechanical Rides',
  'Lighting',
  'Staging',
  'Dance Floors',
  'Heaters',
  'Fans and Cooling',
  'Photo Booths',
  'Lawn Games',
  'Foam Machines',
  'Trackless Trains',
  'Rock Walls',
  'Sound Systems',
  'Decor',
  'Casino Tables',
  'Tableware',
  'Party Packages',
];

/**
 * Order i's status from its event day `d` (past events mostly completed, some cancelled with a
 * reason, lost quotes, unpaid confirmed orders now past due; the next three months booked,
 * quoted or held).
 */
const STATUS = sql`(select case
  when d < ${TODAY}::date - 2 then case
    when h < 8 then 'cancelled' when h < 13 then 'quote' when h < 14 then 'draft'
    when h < 17 then 'confirmed' when h < 19 then 'returned' else 'completed' end
  when d <= ${TODAY}::date then case
    when h < 8 then 'cancelled' when h < 40 then 'out' when h < 60 then 'returned'
    else 'confirmed' end
  else case
    when h < 10 then 'cancelled' when h < 28 then 'quote' when h < 32 then 'hold'
    when h < 35 then 'draft' when h < 70 then 'reserved' else 'confirmed' end
  end from (select abs(hashint4(i)) % 100 as h) x)`;

/** Payment methods, weighted: card most, then cash, check, terminal, transfer, store credit. */
const METHOD = (seed: ReturnType<typeof sql>) =>
  sql`(array['card','card','card','card','card','card','card','card','card','card','card','card',
    'cash','cash','cash','check','check','terminal','bank_transfer','store_credit'])[1 + (${seed}) % 20]`;

/** The account the reports read, built in SQL; returns its id and an order's id. */
export async function buildReportsAccount(db: Db) {
  const { accountId } = await createAccountWithUser(db, {
    name: 'Reports Bench Rentals',
    email: 'reports-bench@tentpole.test',
    settings: { timezone: TIME_ZONE, currency: 'USD' },
  });
  const account = sql`${accountId}::uuid`;
  const now = sql`${NOW.toISOString()}::timestamptz`;
  await buildOrderAccount(db, accountId, {
    customers: CUSTOMERS,
    orders: ORDERS,
    firstDay: FIRST_DAY,
    days: DAYS,
    status: STATUS,
    now: NOW,
    details: { timeZone: TIME_ZONE },
  });

  // 30 categories; 2,000 rental products (one in 50 archived, one in 97 without a category).
  await db.execute(sql`insert into categories (account_id, name, slug, position)
    select ${account}, name, 'cat-' || n, n
    from unnest(array[${sql.join(
      CATEGORIES.map((name) => sql`${name}`),
      sql`, `,
    )}]::text[]) with ordinality as t(name, n)`);
  await db.execute(sql`with cat as (select id, row_number() over (order by position) as k
      from categories where account_id = ${account})
    insert into products (account_id, category_id, name, slug, type, tracking, quantity, pricing,
      security_deposit_cents, buffer_before_minutes, buffer_after_minutes, status)
    select ${account}, case when n % 97 = 0 then null else cat.id end,
      'Product ' || n, 'product-' || n, 'rental', 'bulk',
      (array[1,1,2,2,3,4,6,10,20,50,100,200])[1 + n % 12],
      jsonb_build_object('mode', 'flat', 'amount', 5000 + (n % 40) * 500),
      case when n % 7 = 0 then 10000 else 0 end, 60, 60,
      case when n % 50 = 0 then 'archived' else 'active' end
    from generate_series(1, ${PRODUCTS}) n join cat on cat.k = 1 + n % ${CATEGORIES.length}`);

  // 1–3 product lines an order (its rental subtotal split evenly), held from two hours before
  // the event to two hours after it; a delivery fee line when delivered.
  await db.execute(sql`with p as (select id, name, row_number() over (order by slug) as n
      from products where account_id = ${account}),
    o as (select id, number, event_start, event_end, 1 + number % 3 as lines,
        (totals->>'rentalSubtotal')::int as rental, (totals->>'fees')::int as fees
      from orders where account_id = ${account})
    insert into order_lines (account_id, order_id, description, quantity, unit_price_cents, kind,
      product_id, reserved_from, reserved_until)
    select ${account}, o.id, p.name, q.quantity, o.rental / o.lines / q.quantity, 'product', p.id,
      o.event_start - interval '2 hours', o.event_end + interval '2 hours'
    from o cross join generate_series(1, 3) k
    cross join lateral (select 1 + (o.number + k) % 2 as quantity) q
    join p on p.n = 1 + (o.number * 7919 + k * 104729) % ${PRODUCTS}
    where k <= o.lines
    union all
    select ${account}, o.id, 'Delivery', 1, o.fees, 'fee', null, null, null
    from o where o.fees > 0`);

  // Payments: a booking deposit (a quarter) or the whole total when booked, the balance of
  // events that happened, rental money refunded (a cancelled order's deposit, sometimes; a
  // tenth of some completed orders), and $100 security deposits received and given back after
  // the event (one in ten kept for damage). Nothing is paid after the bench's clock.
  await db.execute(sql`with o as (
      select id, customer_id, number, status, event_start, event_end, created_at,
        (totals->>'total')::int as total, (totals->>'securityDeposit')::int as security,
        abs(hashint4(number * 3 + 1)) % 100 as h,
        case when abs(hashint4(number * 5 + 2)) % 4 = 0 then (totals->>'total')::int
             else round((totals->>'total')::int * 0.25)::int end as first
      from orders where account_id = ${account}
        and status in ('reserved','confirmed','out','returned','completed','cancelled')
    )
    insert into payments (account_id, order_id, customer_id, amount_cents, method, kind, of, paid_at)
    select ${account}, o.id, o.customer_id, x.amount, ${METHOD(sql`o.number * 31 + x.n`)},
      x.kind, x.of, least(x.paid_at, ${now})
    from o cross join lateral (values
      (1, case when not (o.status = 'confirmed' and o.h < 40) and not (o.status = 'cancelled' and o.h < 45)
          then o.first end, 'payment', 'rental', o.created_at + interval '2 hours'),
      (2, case when o.status in ('out','returned','completed') and o.first < o.total
          then o.total - o.first end, 'payment', 'rental',
        greatest(o.event_start - make_interval(days => o.number % 6), o.created_at + interval '3 hours')),
      (3, case when o.status = 'cancelled' and o.h >= 75 then -o.first end, 'refund', 'rental',
        o.created_at + interval '5 days'),
      (4, case when o.status = 'completed' and o.number % 40 = 0 then -round(o.total * 0.1)::int end,
        'refund', 'rental', o.event_end + interval '2 days'),
      (5, case when o.security > 0 and o.number % 2 = 1 and o.status <> 'cancelled'
          then o.security end, 'payment', 'deposit',
        greatest(o.event_start - interval '1 day', o.created_at + interval '1 hour')),
      (6, case when o.security > 0 and o.number % 2 = 1 and o.status in ('returned','completed')
            and o.h % 10 <> 0 and o.event_end + interval '1 day' < ${now}
          then -o.security end, 'refund', 'deposit', o.event_end + interval '1 day')
    ) x(n, amount, kind, of, paid_at)
    where x.amount is not null`);

  // Card charges: the security deposit of even-numbered orders held on the card instead of
  // paid (released after the event, one in five captured in part), and the balance charged
  // automatically to some cards.
  await db.execute(sql`insert into order_card_charges (account_id, order_id, kind, amount_cents,
      status, payment_intent_id, captured_cents, created_at, settled_at)
    select ${account}, o.id, 'hold', 10000,
      case when o.event_end + interval '1 day' > ${now} then 'held'
           when o.number % 10 = 4 then 'captured' else 'released' end,
      'pi_hold_' || o.number,
      case when o.event_end + interval '1 day' <= ${now} and o.number % 10 = 4 then 5000 else 0 end,
      least(o.event_start - interval '2 days', ${now}),
      case when o.event_end + interval '1 day' <= ${now} then o.event_end + interval '1 day' end
    from orders o where o.account_id = ${account} and o.number % 2 = 0
      and (o.totals->>'securityDeposit')::int > 0
      and o.status in ('reserved','confirmed','out','returned','completed')
    union all
    select ${account}, p.order_id, 'autopay', p.amount_cents, 'succeeded', 'pi_auto_' || o.number,
      0, p.paid_at - interval '1 minute', p.paid_at
    from payments p join orders o on o.id = p.order_id
    where p.account_id = ${account} and p.method = 'card' and p.of = 'rental'
      and p.kind = 'payment' and o.number % 3 = 0 and p.paid_at > o.created_at + interval '150 minutes'`);

  // Calls: a customer's call before one order in three (up to 20 days before it, so most in
  // the lead window), a follow-up call out the next day, and 20,000 calls from other numbers.
  await db.execute(sql`insert into calls (account_id, call_sid, direction, via, from_number,
      to_number, counterpart_number, status, customer_id, started_at, answered_at, ended_at,
      duration_seconds)
    select ${account}, 'CAbenchin' || o.number, 'inbound', 'pstn', c.phone_number, '+15550190100',
      c.phone_number, 'completed', c.id, x.at, x.at + interval '5 seconds',
      x.at + make_interval(secs => 60 + o.number % 600), 55 + o.number % 600
    from orders o join customers c on c.id = o.customer_id
    cross join lateral (select o.created_at - make_interval(days => o.number % 20, hours => 2) as at) x
    where o.account_id = ${account} and o.number % 3 = 0
    union all
    select ${account}, 'CAbenchout' || o.number, 'outbound', 'browser', '+15550190100',
      c.phone_number, c.phone_number, 'completed', c.id, x.at, x.at + interval '8 seconds',
      x.at + interval '3 minutes', 172
    from orders o join customers c on c.id = o.customer_id
    cross join lateral (select least(o.created_at + interval '1 day', ${now}) as at) x
    where o.account_id = ${account} and o.number % 6 = 1
    union all
    select ${account}, 'CAbenchother' || n, 'inbound', 'pstn', '+1777' || lpad(n::text, 7, '0'),
      '+15550190100', '+1777' || lpad(n::text, 7, '0'),
      case when n % 3 = 0 then 'no-answer' else 'completed' end, null, x.at, null, x.at + interval '40 seconds', 40
    from generate_series(1, 20000) n
    cross join lateral (select timestamptz '2023-06-15 15:00Z' + make_interval(mins => n * 77) as at) x`);

  // Texts: a conversation with every other customer; an inbound text before one order in four
  // of theirs (up to 18 days before it) and the reply, and some chatter.
  await db.execute(sql`insert into conversations (account_id, phone_number, customer_id,
      last_message_at, last_message_preview, last_message_direction, created_at)
    select ${account}, phone_number, id, ${now} - make_interval(hours => (n % 5000)::int), 'Thanks!',
      'inbound', timestamptz '2023-06-01 12:00Z'
    from (select id, phone_number, row_number() over (order by id) as n from customers
      where account_id = ${account}) c where n % 2 = 0`);
  await db.execute(sql`with v as (select id, phone_number, row_number() over (order by id) as n
      from conversations where account_id = ${account})
    insert into messages (account_id, conversation_id, direction, body, status, created_at, updated_at)
    select ${account}, v.id, x.direction, x.body, x.status, x.at, x.at
    from orders o join customers c on c.id = o.customer_id
    join v on v.phone_number = c.phone_number
    cross join lateral (select o.created_at - make_interval(days => o.number % 18, hours => 1) as t) w
    cross join lateral (values
      ('inbound', 'Hi, is the castle free that Saturday?', 'received', w.t),
      ('outbound', 'It is! I can put a quote together for you.', 'delivered', w.t + interval '10 minutes')
    ) x(direction, body, status, at)
    where o.account_id = ${account} and o.number % 4 = 1
    union all
    select ${account}, v.id, case when k % 2 = 0 then 'inbound' else 'outbound' end,
      'Message ' || k, case when k % 2 = 0 then 'received' else 'delivered' end,
      y.at, y.at
    from v cross join generate_series(1, 3) k
    cross join lateral (select ${now} - make_interval(days => ((v.n * 211 + k * 97) % 1000)::int,
      mins => k) as at) y`);

  // Bookings turned away for want of stock: 3,000 over the three years.
  await db.execute(sql`with p as (select id, row_number() over (order by slug) as k
      from products where account_id = ${account})
    insert into availability_misses (account_id, product_id, source, requested, available, created_at)
    select ${account}, p.id, 'editor', 1 + n % 3, 0,
      timestamptz '2023-06-20 15:00Z' + make_interval(mins => n * 510)
    from generate_series(1, 3000) n join p on p.k = 1 + (n * 7919) % 400`);

  // Deliveries: four trucks; every delivered order that has happened went out on one (by its
  // number) with a two-hour window before the party, planned miles per route, and its crew's
  // events: delivered (one in nine after the window), a problem now and then, picked up.
  await db.execute(sql`insert into vehicles (account_id, name, capacity_units, shift_start, shift_end)
    select ${account}, 'Truck ' || n, 12, '07:00', '21:00' from generate_series(1, 4) n`);
  await db.execute(sql`update orders set delivery_window = jsonb_build_object(
      'start', to_char((event_start - interval '3 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'end', to_char((event_start - interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    where account_id = ${account} and fulfilment = 'delivery'
      and status in ('out', 'returned', 'completed') and event_start < ${now}`);
  await db.execute(sql`with v as (select id, row_number() over (order by name) as t
      from vehicles where account_id = ${account}),
    o as (select distinct (event_start at time zone ${TIME_ZONE})::date as day, 1 + number % 4 as t
      from orders where account_id = ${account} and delivery_window is not null)
    insert into delivery_routes (account_id, day, vehicle_id, planned_miles)
    select ${account}, o.day, v.id, 18 + abs(hashint4(o.day - date '2023-01-01' + o.t::int)) % 40
    from o join v on v.t = o.t`);
  await db.execute(sql`with v as (select id, row_number() over (order by name) as t
      from vehicles where account_id = ${account}),
    r as (select r.id, r.day, v.t from delivery_routes r join v on v.id = r.vehicle_id
      where r.account_id = ${account}),
    o as (select id, number, (event_start at time zone ${TIME_ZONE})::date as day, 1 + number % 4 as t,
        row_number() over (partition by (event_start at time zone ${TIME_ZONE})::date, number % 4
          order by event_start, number) as k
      from orders where account_id = ${account} and delivery_window is not null)
    insert into route_stops (account_id, route_id, order_id, kind, position)
    select ${account}, r.id, o.id, x.kind, x.position
    from o join r on r.day = o.day and r.t = o.t
    cross join lateral (values ('delivery', o.k * 2), ('pickup', o.k * 2 + 1)) x(kind, position)`);
  await db.execute(sql`with o as (select o.id, o.number, o.event_end, r.day, r.vehicle_id,
        (o.delivery_window->>'end')::timestamptz as due
      from orders o
      join route_stops s on s.order_id = o.id and s.kind = 'delivery' and s.account_id = ${account}
      join delivery_routes r on r.id = s.route_id
      where o.account_id = ${account} and o.delivery_window is not null)
    insert into stop_events (account_id, id, day, vehicle_id, order_id, stop_kind, action, detail, occurred_at)
    select ${account}, gen_random_uuid(), o.day, o.vehicle_id, o.id, x.kind, x.action, '{}'::jsonb, x.at
    from o cross join lateral (values
      ('delivery', 'problem', case when o.number % 23 = 0 then o.due - interval '50 minutes' end),
      ('delivery', 'delivered', case when o.number % 9 = 0 then o.due + interval '20 minutes'
        else o.due - make_interval(mins => 10 + o.number % 90) end),
      ('pickup', 'picked_up', o.event_end + interval '1 hour')
    ) x(kind, action, at)
    where x.at is not null`);

  await db.execute(sql`vacuum analyze`);
  const [one] = await queryRows<{ id: string }>(
    db,
    sql`select id from orders where account_id = ${account} order by number limit 1`,
  );
  return { accountId, orderId: one?.id as string };
}

type Case = {
  name: string;
  key: ReportKey;
  query: Partial<Pick<ReportQuery, 'basis' | 'groupBy'>>;
  /** The first page of the CSV export (1,000 rows) instead of the JSON answer. */
  csv?: boolean;
};

const CASES: Case[] = [
  { name: 'revenue, accrual', key: 'revenue', query: { basis: 'accrual' } },
  { name: 'revenue, cash', key: 'revenue', query: { basis: 'cash' } },
  { name: 'sales tax, accrual', key: 'sales-tax', query: { basis: 'accrual' } },
  { name: 'sales tax, cash', key: 'sales-tax', query: { basis: 'cash' } },
  { name: 'payments and refunds', key: 'payments', query: {} },
  { name: 'deposits held', key: 'deposits', query: {} },
  { name: 'deposits held, CSV first 1,000 rows', key: 'deposits', query: {}, csv: true },
  { name: 'receivables ageing', key: 'receivables', query: {} },
  { name: 'receivables ageing, CSV first 1,000 rows', key: 'receivables', query: {}, csv: true },
  { name: 'utilisation by product', key: 'utilisation', query: { groupBy: 'product' } },
  { name: 'utilisation by category', key: 'utilisation', query: { groupBy: 'category' } },
  { name: 'coupons', key: 'coupons', query: {} },
  { name: 'cancellations', key: 'cancellations', query: {} },
  { name: 'lead sources', key: 'lead-sources', query: {} },
  { name: 'deliveries', key: 'deliveries', query: {} },
];

export const REPORT_BASELINE = 'primary-key lookup (baseline)';

/**
 * Builds the account on a scratch database of `databaseUrl`'s server and times every report;
 * throws when a report fails or answers nothing (so nothing empty is timed as fast).
 */
export async function benchReports(
  databaseUrl: string,
): Promise<{ results: Record<string, Timing>; notes: string[] }> {
  process.env.DATABASE_URL = databaseUrl;
  const database = await openTestDatabase(undefined, 'empty');
  delete process.env.DATABASE_URL;
  try {
    const db = database.db;
    const started = performance.now();
    const { accountId, orderId } = await buildReportsAccount(db);
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*) from orders)::int as orders,
        (select count(*) from order_lines)::int as lines,
        (select count(*) from payments)::int as payments,
        (select count(*) from calls)::int as calls,
        (select count(*) from messages)::int as messages,
        (select count(*) from route_stops)::int as stops,
        (select count(*) from stop_events)::int as "stop events"`,
    );
    const [server] = await queryRows<Record<string, string>>(
      db,
      sql`select current_setting('server_version') as version, current_setting('jit') as jit,
        current_setting('work_mem') as work_mem`,
    );
    const built = ((performance.now() - started) / 1000).toFixed(1);
    const sizes = Object.entries(counts ?? {}).map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`);
    console.log(`\n  built in ${built} s: ${sizes.join(', ')}`);
    console.log(
      `  PostgreSQL ${server?.version}, jit ${server?.jit}, work_mem ${server?.work_mem}`,
    );

    const results: Record<string, Timing> = {};
    const notes: string[] = [];
    results[REPORT_BASELINE] = await measure(async () => {
      const [row] = await queryRows(
        db,
        sql`select * from orders where account_id = ${accountId} and id = ${orderId}`,
      );
      if (!row) throw new Error('the order is not there');
    });
    for (const c of CASES) {
      const query = reportQuerySchema.parse({ ...RANGE, ...c.query });
      const scope = await reportScope(db, accountId, query, NOW);
      const report = REPORTS[c.key];
      const run = c.csv
        ? async (_i: number) => {
            if (!report.pages) throw new Error(`${c.key} has no CSV pages`);
            const page = await report.pages(db, scope, query, null, 1000);
            if (page.rows.length !== 1000) throw new Error(`${c.name}: ${page.rows.length} rows`);
          }
        : async (_i: number) => {
            const body = await report.build(db, scope, query, REPORT_ROWS_SHOWN);
            if (body.rows.length === 0 || body.summary.every((f) => f.value === 0))
              throw new Error(`${c.name} answered no figures`);
          };
      // A report far past its goal is timed over fewer runs, so the section still ends soon.
      const first = performance.now();
      await run(0);
      const once = performance.now() - first;
      if (once > SLOW_MS) {
        notes.push(`${c.name}: one run took ${ms(once)}, timed ${SLOW_RUNS} runs, not ${RUNS}`);
        results[c.name] = await measure(run, SLOW_RUNS, 0);
      } else results[c.name] = await measure(run, RUNS, WARMUP - 1);
    }
    // Other work on the machine slows every figure: say how busy it was.
    const load = loadavg().map((l) => l.toFixed(1));
    notes.push(`load average ${load.join(', ')} (1, 5, 15 min) on ${cpus().length} cores`);
    return { results, notes };
  } finally {
    await database.close();
  }
}
