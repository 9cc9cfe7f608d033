import { isValidTimeZone } from '@tentpole/domain';
import { and, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';
import { payments } from '../payments/tables.js';
import { cartSessions } from '../store/tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

export type Period = { from: Date; to: Date };
export type Comparison = { current: Period; previous: Period };

/** The last seven days against the seven before them (spec §7 tiles are week over week). */
export function weekOverWeek(now: Date): Comparison {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  return {
    current: { from: weekAgo, to: now },
    previous: { from: new Date(weekAgo.getTime() - WEEK_MS), to: weekAgo },
  };
}

/**
 * Year to date in the account's time zone, against the same span of last year: from 1 January
 * to now, and from 1 January last year to this moment last year.
 */
export async function yearToDate(db: Db, accountId: string, now: Date): Promise<Comparison> {
  const tz = await accountTimeZone(db, accountId);
  const [row] = await queryRows<{ this_year: string | Date; last_year: string | Date }>(
    db,
    sql`
    select
      (date_trunc('year', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz}) as this_year,
      (date_trunc('year', ${now.toISOString()}::timestamptz at time zone ${tz}) - interval '1 year') at time zone ${tz} as last_year`,
  );
  const thisYear = new Date(row?.this_year ?? now);
  const lastYear = new Date(row?.last_year ?? now);
  const sameMomentLastYear = new Date(now);
  sameMomentLastYear.setUTCFullYear(now.getUTCFullYear() - 1);
  return {
    current: { from: thisYear, to: now },
    previous: { from: lastYear, to: sameMomentLastYear },
  };
}

export async function accountTimeZone(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ tz: sql<string | null>`${accounts.settings}->>'timezone'` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const tz = row?.tz;
  return tz && isValidTimeZone(tz) ? tz : 'UTC';
}

type Counter = (db: Db, accountId: string, period: Period) => Promise<number>;

const countCartSessions: Counter = async (db, accountId, { from, to }) => {
  const [row] = await db
    .select({ n: count() })
    .from(cartSessions)
    .where(
      and(
        eq(cartSessions.accountId, accountId),
        gte(cartSessions.startedAt, from),
        lt(cartSessions.startedAt, to),
      ),
    );
  return row?.n ?? 0;
};

const countNewCustomers: Counter = async (db, accountId, { from, to }) => {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        gte(customers.createdAt, from),
        lt(customers.createdAt, to),
      ),
    );
  return row?.n ?? 0;
};

const countOrders: Counter = async (db, accountId, { from, to }) => {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.accountId, accountId), gte(orders.createdAt, from), lt(orders.createdAt, to)),
    );
  return row?.n ?? 0;
};

const sumRevenue: Counter = async (db, accountId, { from, to }) => {
  const [row] = await db
    .select({ cents: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        gte(payments.paidAt, from),
        lt(payments.paidAt, to),
        // Revenue is rental money kept: refunds (negative rows) net out; deposits are not income.
        eq(payments.of, 'rental'),
      ),
    );
  return row?.cents ?? 0;
};

export const STAT_COUNTERS = {
  cartSessions: { counter: countCartSessions, span: 'week' },
  newCustomers: { counter: countNewCustomers, span: 'week' },
  orders: { counter: countOrders, span: 'week' },
  ytdRevenue: { counter: sumRevenue, span: 'year' },
} as const satisfies Record<string, { counter: Counter; span: 'week' | 'year' }>;

export type StatName = keyof typeof STAT_COUNTERS;

export async function compareStat(db: Db, accountId: string, name: StatName, now: Date) {
  const { counter, span } = STAT_COUNTERS[name];
  const periods = span === 'week' ? weekOverWeek(now) : await yearToDate(db, accountId, now);
  const [current, previous] = await Promise.all([
    counter(db, accountId, periods.current),
    counter(db, accountId, periods.previous),
  ]);
  return { current, previous };
}

export const RECENT_SALES_LIMIT = 10;

export async function recentSales(db: Db, accountId: string, now: Date) {
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      orderNumber: orders.number,
      customerId: payments.customerId,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      customerEmail: customers.email,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.accountId, accountId)))
    .innerJoin(
      customers,
      and(eq(customers.id, payments.customerId), eq(customers.accountId, accountId)),
    )
    .where(
      and(
        eq(payments.accountId, accountId),
        lt(payments.paidAt, now),
        eq(payments.kind, 'payment'),
        eq(payments.of, 'rental'),
      ),
    )
    .orderBy(desc(payments.paidAt))
    .limit(RECENT_SALES_LIMIT);
}

/** Payments per calendar month (account time zone) for the last 12 months, this one included. */
export async function monthlySales(db: Db, accountId: string, now: Date) {
  const tz = await accountTimeZone(db, accountId);
  const at = now.toISOString();
  const rows = await queryRows<{ month: string; amount_cents: string | number }>(
    db,
    sql`
    with months as (
      select generate_series(
        date_trunc('month', ${at}::timestamptz at time zone ${tz}) - interval '11 months',
        date_trunc('month', ${at}::timestamptz at time zone ${tz}),
        interval '1 month') as month
    )
    select to_char(m.month, 'YYYY-MM') as month,
           coalesce((
             select sum(p.amount_cents) from payments p
             where p.account_id = ${accountId}
               and p.paid_at >= m.month at time zone ${tz}
               and p.paid_at < (m.month + interval '1 month') at time zone ${tz}
               and p.paid_at < ${at}::timestamptz
               and p.of = 'rental'
           ), 0)::bigint as amount_cents
    from months m order by m.month`,
  );
  const payments = rows.map((r) => ({ month: r.month, amountCents: Number(r.amount_cents) }));
  return { payments, totalAmount: payments.reduce((total, p) => total + p.amountCents, 0) };
}
