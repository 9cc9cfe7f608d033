import {
  BOOKED_ORDER_STATUSES,
  localDate,
  type OrderStatus,
  REPORT_BASIS_LABELS,
  type ReportChart,
  type ReportColumn,
  type ReportFigure,
  type ReportKey,
  type ReportQuery,
  type ReportRow,
} from '@tentpole/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import {
  bucketLabels,
  bucketOf,
  bucketRows,
  type DayRange,
  dayEnd,
  dayStart,
  type ReportScope,
} from './range.js';

// back-office spec §11: each report is SQL aggregates over indexed columns, scoped to the
// account in the query itself, in the account's time zone. Money is in minor units and summed
// in the database as integers: a report's total is the sum of its rows, to the cent.

export type ReportBody = {
  basis: 'accrual' | 'cash' | null;
  basisLabel: string | null;
  summary: ReportFigure[];
  chart: ReportChart | null;
  columns: ReportColumn[];
  rows: ReportRow[];
  truncated: boolean;
  notBuilt: string | null;
};

/** One page of a report's rows for the CSV export (keyset: rows after `after`). */
export type RowPage = (
  db: Db,
  scope: ReportScope,
  query: ReportQuery,
  after: number | null,
  limit: number,
) => Promise<{ rows: ReportRow[]; next: number | null }>;

export type ReportDef = {
  build(db: Db, scope: ReportScope, query: ReportQuery, rowsShown: number): Promise<ReportBody>;
  /** Reports with a row per order: the export pages through them instead of building them all. */
  pages?: RowPage;
};

/** A list of statuses for `in`, written as literals (the domain's closed lists of statuses). */
const statusList = (statuses: readonly OrderStatus[]) =>
  sql.raw(`(${statuses.map((status) => `'${status}'`).join(', ')})`);
/** Orders that are booked: they count as sales (a `hold` is a timed hold, not yet a sale). */
export const BOOKED = statusList(BOOKED_ORDER_STATUSES);
/** Orders that hold or held stock: a timed hold, or booked. */
export const HELD = statusList(['hold', ...BOOKED_ORDER_STATUSES]);
const n = (value: unknown) => Number(value ?? 0);
// An order's total and tax, read from `orders`. report_orders (decision 0054) keeps the same
// figures as columns (total_cents, tax_cents, taxable_cents) for the reports that read a year.
const orderTotal = sql`coalesce((o.totals->>'total')::bigint, o.total_cents)`;
const orderTax = sql`coalesce((o.totals->>'tax')::bigint, 0)`;
const customerName = sql`trim(c.first_name || ' ' || c.last_name)`;
/**
 * An order's customer (`c`, named by `customerName`), read by key one order at a time. The
 * subquery's offset 0 keeps it apart: as a plain join, on a database without statistics (a
 * fresh one, before its first analyze) the planner takes the account's orders and customers
 * for a row or two each and scans all the account's customers once per order (the demo
 * account's receivables page: 11 ms instead of 1.3). For the reports that meet few orders
 * with their customers (a page, the orders holding money).
 */
const customerByKey = (scope: ReportScope, customerId: SQL) => sql`join lateral (
    select c.first_name, c.last_name from customers c
    where c.id = ${customerId} and c.account_id = ${scope.accountId} offset 0
  ) c on true`;

const inRange = (column: SQL, range: DayRange, tz: string) =>
  sql`${column} >= ${dayStart(range.from, tz)} and ${column} < ${dayEnd(range.to, tz)}`;

const figure = (
  key: string,
  label: string,
  format: ReportFigure['format'],
  value: number,
  previous: number | null,
): ReportFigure => ({ key, label, format, value, previous });

/** A chart over the range's days or months: every bucket, empty ones at zero. */
function timeChart(
  scope: ReportScope,
  format: ReportChart['format'],
  series: { key: string; label: string }[],
  byBucket: Map<string, Record<string, number>>,
): ReportChart {
  return {
    kind: 'bar',
    format,
    series,
    points: bucketLabels(scope).map((label) => ({
      label,
      values: Object.fromEntries(series.map((s) => [s.key, byBucket.get(label)?.[s.key] ?? 0])),
    })),
  };
}

const periodColumn = (scope: ReportScope): ReportColumn => ({
  key: 'period',
  label: scope.bucket === 'day' ? 'Day' : 'Month',
  format: 'text',
});

// ---------------------------------------------------------------------------------------------
// Revenue and sales tax

/** The period of the row that totals a bucketed range. */
const TOTAL = '';

type MoneyBucket = {
  period: string;
  orders: number;
  revenue: number;
  tax: number;
  taxable: number;
  exempt: number;
  received: number;
};

/**
 * Accrual: booked orders by the local day their event starts, each counted at its total less
 * tax; a cancelled order counts the rental money it kept (a kept deposit), untaxed.
 */
async function accrualBuckets(db: Db, scope: ReportScope, range: DayRange, bucket: boolean) {
  const tz = scope.timeZone;
  const key = bucket ? bucketOf(sql`o.event_start`, scope) : sql`''`;
  // From report_orders_event_idx alone (decision 0054): the order's figures are in the index.
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with o as (
      select o.order_id, o.event_start, o.status, o.tax_exempt, o.tax_cents, o.taxable_cents,
        case when o.status = 'cancelled' then coalesce((
          select sum(p.amount_cents) from payments p
          where p.account_id = ${scope.accountId} and p.order_id = o.order_id and p.of = 'rental'), 0)
        else o.total_cents - o.tax_cents end as revenue
      from report_orders o
      where o.account_id = ${scope.accountId}
        and ${inRange(sql`o.event_start`, range, tz)}
        and (o.status in ${BOOKED} or o.status = 'cancelled')
    )
    select ${key} as period,
      count(*) filter (where o.status <> 'cancelled')::int as orders,
      coalesce(sum(o.revenue), 0)::bigint as revenue,
      coalesce(sum(o.tax_cents) filter (where o.status <> 'cancelled'), 0)::bigint as tax,
      coalesce(sum(o.taxable_cents) filter (where o.status <> 'cancelled' and not o.tax_exempt), 0)::bigint as taxable,
      coalesce(sum(o.revenue) filter (where o.status <> 'cancelled' and o.tax_exempt), 0)::bigint as exempt,
      coalesce(sum(o.revenue + case when o.status = 'cancelled' then 0 else o.tax_cents end), 0)::bigint as received
    from o group by ${grouping(bucket)} order by 1`,
  );
  return rows.map(toMoneyBucket);
}

/**
 * Cash: rental money received (refunds net) by the local day it was paid. Each payment carries
 * its order's share of tax (tax ÷ total, rounded per payment); money kept from a cancelled order
 * carries none.
 */
async function cashBuckets(db: Db, scope: ReportScope, range: DayRange, bucket: boolean) {
  // From report_payments_paid_idx alone (decision 0054): each payment's copy carries its
  // shares, worked out when the payment or its order last changed, and its order's exemption.
  // By bucket, each bucket's payments are read from the index in turn (range.ts's bucketRows).
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select ${bucket ? sql`b.label` : sql`''`} as period,
      count(distinct x.order_id)::int as orders,
      coalesce(sum(x.amount_cents - x.tax_cents), 0)::bigint as revenue,
      coalesce(sum(x.tax_cents), 0)::bigint as tax,
      coalesce(sum(x.taxable_cents) filter (where not x.tax_exempt), 0)::bigint as taxable,
      coalesce(sum(x.amount_cents - x.tax_cents) filter (where x.tax_exempt), 0)::bigint as exempt,
      coalesce(sum(x.amount_cents), 0)::bigint as received
    from ${
      bucket
        ? sql`${bucketRows(scope)} b
      join report_payments x on x.account_id = ${scope.accountId} and x.of = 'rental'
        and x.paid_at >= b.from_at and x.paid_at < b.to_at`
        : sql`report_payments x
      where x.account_id = ${scope.accountId} and x.of = 'rental'
        and ${inRange(sql`x.paid_at`, range, scope.timeZone)}`
    }
    group by ${grouping(bucket)} order by 1`,
  );
  return rows.map(toMoneyBucket);
}

/** By bucket, the buckets and (one more row, its period null) the range's total in one pass. */
const grouping = (bucket: boolean) => (bucket ? sql`grouping sets ((1), ())` : sql`1`);

const toMoneyBucket = (r: Record<string, unknown>): MoneyBucket => ({
  period: r.period === null ? TOTAL : String(r.period),
  orders: n(r.orders),
  revenue: n(r.revenue),
  tax: n(r.tax),
  taxable: n(r.taxable),
  exempt: n(r.exempt),
  received: n(r.received),
});

const sumOf = (rows: MoneyBucket[], key: keyof Omit<MoneyBucket, 'period'>) =>
  rows.reduce((total, r) => total + r[key], 0);

/** Revenue (before tax) over a range on a basis: the revenue report's figure, for its tile. */
export async function revenueTotal(
  db: Db,
  scope: ReportScope,
  range: DayRange,
  basis: 'accrual' | 'cash',
): Promise<number> {
  const [all] = await (basis === 'cash' ? cashBuckets : accrualBuckets)(db, scope, range, false);
  return all?.revenue ?? 0;
}

async function moneyBuckets(db: Db, scope: ReportScope, query: ReportQuery) {
  const read = query.basis === 'cash' ? cashBuckets : accrualBuckets;
  const [rows, previous] = await Promise.all([
    read(db, scope, scope.range, true),
    read(db, scope, scope.previous, false),
  ]);
  const current = rows.filter((r) => r.period !== TOTAL);
  const total = rows.find((r) => r.period === TOTAL);
  return { current, total, previous };
}

const revenue: ReportDef = {
  async build(db, scope, query) {
    const { current, total: all, previous } = await moneyBuckets(db, scope, query);
    const cash = query.basis === 'cash';
    const total = all?.revenue ?? 0;
    // An order paid on two days is in two rows; the summary counts it once.
    const orders = all?.orders ?? 0;
    const before = sumOf(previous, 'revenue');
    const ordersBefore = sumOf(previous, 'orders');
    return {
      basis: query.basis,
      basisLabel: `${REPORT_BASIS_LABELS[query.basis]}. Revenue is before tax.`,
      summary: [
        figure('revenue', 'Revenue', 'money', total, before),
        figure('orders', cash ? 'Orders paid' : 'Orders', 'count', orders, ordersBefore),
        figure(
          'average',
          'Average order',
          'money',
          orders ? Math.round(total / orders) : 0,
          ordersBefore ? Math.round(before / ordersBefore) : 0,
        ),
      ],
      chart: timeChart(
        scope,
        'money',
        [{ key: 'revenue', label: 'Revenue' }],
        new Map(current.map((r) => [r.period, { revenue: r.revenue }])),
      ),
      columns: [
        periodColumn(scope),
        { key: 'orders', label: cash ? 'Orders paid' : 'Orders', format: 'count' },
        { key: 'revenue', label: 'Revenue', format: 'money' },
        { key: 'tax', label: 'Tax', format: 'money' },
        { key: 'received', label: cash ? 'Received' : 'Total with tax', format: 'money' },
      ],
      rows: current.map((r) => ({
        period: r.period,
        orders: r.orders,
        revenue: r.revenue,
        tax: r.tax,
        received: r.received,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

const salesTax: ReportDef = {
  async build(db, scope, query) {
    const { current, previous } = await moneyBuckets(db, scope, query);
    return {
      basis: query.basis,
      basisLabel:
        query.basis === 'cash'
          ? `${REPORT_BASIS_LABELS.cash}: each payment carries its order's share of tax.`
          : `${REPORT_BASIS_LABELS.accrual}.`,
      summary: [
        figure('tax', 'Tax collected', 'money', sumOf(current, 'tax'), sumOf(previous, 'tax')),
        figure(
          'taxable',
          'Taxable sales',
          'money',
          sumOf(current, 'taxable'),
          sumOf(previous, 'taxable'),
        ),
        figure(
          'exempt',
          'Tax-exempt sales',
          'money',
          sumOf(current, 'exempt'),
          sumOf(previous, 'exempt'),
        ),
      ],
      chart: timeChart(
        scope,
        'money',
        [{ key: 'tax', label: 'Tax collected' }],
        new Map(current.map((r) => [r.period, { tax: r.tax }])),
      ),
      columns: [
        periodColumn(scope),
        { key: 'taxable', label: 'Taxable sales', format: 'money' },
        { key: 'exempt', label: 'Tax-exempt sales', format: 'money' },
        { key: 'tax', label: 'Tax collected', format: 'money' },
      ],
      rows: current.map((r) => ({
        period: r.period,
        taxable: r.taxable,
        exempt: r.exempt,
        tax: r.tax,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Payments and refunds

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  terminal: 'Card terminal',
  store_credit: 'Store credit',
};

async function paymentsByMethod(db: Db, scope: ReportScope, range: DayRange) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select p.method,
      count(*) filter (where p.kind = 'payment')::int as payments,
      coalesce(sum(p.amount_cents) filter (where p.kind = 'payment'), 0)::bigint as received,
      count(*) filter (where p.kind = 'refund')::int as refunds,
      coalesce(-sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::bigint as refunded,
      coalesce(sum(p.amount_cents) filter (where p.of = 'deposit'), 0)::bigint as deposits
    from payments p
    where p.account_id = ${scope.accountId} and ${inRange(sql`p.paid_at`, range, scope.timeZone)}
    group by p.method order by 3 desc, 1`,
  );
  return rows.map((r) => ({
    method: String(r.method),
    payments: n(r.payments),
    received: n(r.received),
    refunds: n(r.refunds),
    refunded: n(r.refunded),
    deposits: n(r.deposits),
  }));
}

const paymentsReport: ReportDef = {
  async build(db, scope) {
    const [current, previous] = await Promise.all([
      paymentsByMethod(db, scope, scope.range),
      paymentsByMethod(db, scope, scope.previous),
    ]);
    const total = (rows: typeof current, key: 'received' | 'refunded' | 'deposits') =>
      rows.reduce((sum, r) => sum + r[key], 0);
    return {
      basis: null,
      basisLabel: 'By the day the money moved. Security deposits are included and shown apart.',
      summary: [
        figure(
          'received',
          'Received',
          'money',
          total(current, 'received'),
          total(previous, 'received'),
        ),
        figure(
          'refunded',
          'Refunded',
          'money',
          total(current, 'refunded'),
          total(previous, 'refunded'),
        ),
        figure(
          'net',
          'Net',
          'money',
          total(current, 'received') - total(current, 'refunded'),
          total(previous, 'received') - total(previous, 'refunded'),
        ),
      ],
      chart: {
        kind: 'bar',
        format: 'money',
        series: [
          { key: 'received', label: 'Received' },
          { key: 'refunded', label: 'Refunded' },
        ],
        points: current.map((r) => ({
          label: METHOD_LABELS[r.method] ?? r.method,
          values: { received: r.received, refunded: r.refunded },
        })),
      },
      columns: [
        { key: 'method', label: 'Method', format: 'text' },
        { key: 'payments', label: 'Payments', format: 'count' },
        { key: 'received', label: 'Received', format: 'money' },
        { key: 'refunds', label: 'Refunds', format: 'count' },
        { key: 'refunded', label: 'Refunded', format: 'money' },
        { key: 'net', label: 'Net', format: 'money' },
        { key: 'deposits', label: 'Of which security deposits (net)', format: 'money' },
      ],
      rows: current.map((r) => ({
        method: METHOD_LABELS[r.method] ?? r.method,
        payments: r.payments,
        received: r.received,
        refunds: r.refunds,
        refunded: r.refunded,
        net: r.received - r.refunded,
        deposits: r.deposits,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Deposits held and receivables: positions at the end of the range's last day

/**
 * Money held at a moment, per order: rental money paid for events still to come (prepaid,
 * owed back or earned later), security deposits received and not returned, and card holds
 * placed and not yet captured or released.
 */
function heldSql(scope: ReportScope, asOf: SQL, after: number | null, limit: number | null) {
  const page = limit !== null;
  const a = scope.accountId;
  return sql`
    -- What each order holds, summed in one grouping: the rental money of events still to come
    -- (from the payments' copies, decision 0054: the copy carries its order's status and event
    -- start; of the rest, only security deposits can be held), security deposits and card
    -- holds, each read from an index of its own. Grouped apart, the three met each other row
    -- by row on a fresh database. The orders are looked up from the group below, never walked
    -- against it (decision 0054's 7 s plan behind a union all).
    with money as (
      select x.order_id, sum(x.rental) as rental, sum(x.security) as security,
        sum(x.card_hold) as card_hold
      from (
        select p.order_id, p.amount_cents as rental, 0 as security, 0 as card_hold
        from report_payments p
        where p.account_id = ${a} and p.of = 'rental' and p.status <> 'cancelled'
          and p.event_start >= ${asOf} and p.paid_at < ${asOf}
        union all
        select p.order_id, 0, p.amount_cents, 0
        from report_payments p
        where p.account_id = ${a} and p.of = 'deposit' and p.paid_at < ${asOf}
        union all
        select h.order_id, 0, 0, h.amount_cents - h.captured_cents
        from order_card_charges h
        where h.account_id = ${a} and h.kind = 'hold'
          and h.status in ('held', 'captured', 'released')
          and h.created_at < ${asOf} and (h.settled_at is null or h.settled_at >= ${asOf})
      ) x
      group by x.order_id
    ),
    held as materialized (
      -- Each order holding money (about a tenth of the account's), read by key from its
      -- narrow copy (decision 0054), which carries the number a page is ordered by. The
      -- lateral subquery's offset 0 keeps the key lookup: as a plain join, on a database
      -- without statistics (a fresh one) the planner met the account's orders with the sums
      -- row by row (6 ms for the demo account instead of 1). Worked out whole before a page
      -- is sorted (materialized): inlined, the bench account's page took 87 ms against 70.
      select o.order_id as id, o.number, o.customer_id, o.event_start,
        case when o.status <> 'cancelled' and o.event_start >= ${asOf}
             then greatest(m.rental, 0) else 0 end as prepaid,
        m.security, m.card_hold
      from money m
      join lateral (
        select o.order_id, o.number, o.customer_id, o.event_start, o.status from report_orders o
        where o.order_id = m.order_id and o.account_id = ${a} offset 0
      ) o on true
      ${after === null ? sql`` : sql`where o.number > ${after}`}
    )
    select h.*${page ? sql`, ${customerName} as customer` : sql``} from held h
    ${customerByKey(scope, sql`h.customer_id`)}
    where h.prepaid <> 0 or h.security <> 0 or h.card_hold <> 0
    ${page ? sql`order by h.number limit ${limit}` : sql``}`;
}

const asOfEnd = (scope: ReportScope, range: DayRange) => dayEnd(range.to, scope.timeZone);

async function heldTotals(db: Db, scope: ReportScope, range: DayRange) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(prepaid), 0)::bigint as prepaid,
          coalesce(sum(security), 0)::bigint as security,
          coalesce(sum(card_hold), 0)::bigint as card_hold
        from (${heldSql(scope, asOfEnd(scope, range), null, null)}) t`,
  );
  return {
    orders: n(row?.orders),
    prepaid: n(row?.prepaid),
    security: n(row?.security),
    cardHold: n(row?.card_hold),
  };
}

const heldRow = (r: Record<string, unknown>, tz: string): ReportRow => ({
  orderId: String(r.id),
  customerId: String(r.customer_id),
  order: `#${r.number}`,
  customer: String(r.customer),
  eventDate: r.event_start ? localDay(r.event_start, tz) : null,
  prepaid: n(r.prepaid),
  security: n(r.security),
  cardHold: n(r.card_hold),
});

const localDay = (value: unknown, timeZone: string) =>
  localDate(new Date(value as string), timeZone);

const heldPages: RowPage = async (db, scope, _query, after, limit) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    heldSql(scope, asOfEnd(scope, scope.range), after, limit),
  );
  return {
    rows: rows.map((r) => heldRow(r, scope.timeZone)),
    next: rows.length === limit ? n(rows[rows.length - 1]?.number) : null,
  };
};

const deposits: ReportDef = {
  pages: heldPages,
  async build(db, scope, query, rowsShown) {
    const [current, previous, page] = await Promise.all([
      heldTotals(db, scope, scope.range),
      heldTotals(db, scope, scope.previous),
      heldPages(db, scope, query, null, rowsShown + 1),
    ]);
    return {
      basis: null,
      basisLabel: `As of the end of ${scope.range.to}; the previous figure as of the end of ${scope.previous.to}.`,
      summary: [
        figure('prepaid', 'Paid for events to come', 'money', current.prepaid, previous.prepaid),
        figure('security', 'Security deposits held', 'money', current.security, previous.security),
        figure('cardHold', 'Card holds open', 'money', current.cardHold, previous.cardHold),
        figure('orders', 'Orders holding money', 'count', current.orders, previous.orders),
      ],
      chart: {
        kind: 'bar',
        format: 'money',
        series: [
          { key: 'prepaid', label: 'Paid for events to come' },
          { key: 'security', label: 'Security deposits held' },
          { key: 'cardHold', label: 'Card holds open' },
        ],
        points: [
          {
            label: scope.previous.to,
            values: {
              prepaid: previous.prepaid,
              security: previous.security,
              cardHold: previous.cardHold,
            },
          },
          {
            label: scope.range.to,
            values: {
              prepaid: current.prepaid,
              security: current.security,
              cardHold: current.cardHold,
            },
          },
        ],
      },
      columns: [
        { key: 'order', label: 'Order', format: 'text', link: 'order' },
        { key: 'customer', label: 'Customer', format: 'text', link: 'customer' },
        { key: 'eventDate', label: 'Event', format: 'date' },
        { key: 'prepaid', label: 'Paid for the event', format: 'money' },
        { key: 'security', label: 'Security deposit', format: 'money' },
        { key: 'cardHold', label: 'Card hold', format: 'money' },
      ],
      rows: page.rows.slice(0, rowsShown),
      truncated: page.rows.length > rowsShown,
      notBuilt: null,
    };
  },
};

export const AGEING_BUCKETS = ['Current', '1–30 days', '31–60 days', '61–90 days', '90+ days'];
const ageingBucket = (daysPast: number) =>
  daysPast <= 0
    ? 'Current'
    : daysPast <= 30
      ? '1–30 days'
      : daysPast <= 60
        ? '31–60 days'
        : daysPast <= 90
          ? '61–90 days'
          : '90+ days';

/**
 * What booked orders were still owed at a moment: the total less rental money paid before it.
 * The balance is due by the event's day; days past due count from that local day.
 */
function owedSql(scope: ReportScope, range: DayRange, after: number | null, limit: number | null) {
  const asOf = asOfEnd(scope, range);
  const daysPast = sql`(${range.to}::date - (o.event_start at time zone ${scope.timeZone})::date)`;
  const page = limit !== null;
  // The orders' narrow copies (decision 0054) carry the rental money ever paid for them: what
  // was paid before the moment is that less what moved at or after it (nothing, as of today),
  // so no order's payments are summed from the start.
  const balance = sql`o.total_cents - (o.rental_paid_cents - coalesce(later.rental, 0))`;
  return sql`
    select ${
      page
        ? sql`o.order_id as id, o.number, o.customer_id, o.event_start, ${customerName} as customer,`
        : sql``
    }
      ${balance} as balance, ${daysPast} as days_past
    from report_orders o
    ${page ? customerByKey(scope, sql`o.customer_id`) : sql``}
    left join (
      select p.order_id, sum(p.amount_cents) as rental from report_payments p
      where p.account_id = ${scope.accountId} and p.of = 'rental' and p.paid_at >= ${asOf}
      group by p.order_id
    ) later on later.order_id = o.order_id
    where o.account_id = ${scope.accountId} and o.status in ${BOOKED}
      and o.created_at < ${asOf} and ${balance} > 0
      ${after === null ? sql`` : sql`and o.number > ${after}`}
    ${page ? sql`order by o.number limit ${limit}` : sql``}`;
}

async function owedTotals(db: Db, scope: ReportScope, range: DayRange) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select case when days_past <= 0 then 'Current' when days_past <= 30 then '1–30 days'
                    when days_past <= 60 then '31–60 days' when days_past <= 90 then '61–90 days'
                    else '90+ days' end as bucket,
          count(*)::int as orders, coalesce(sum(balance), 0)::bigint as balance
        from (${owedSql(scope, range, null, null)}) t group by 1`,
  );
  const byBucket = new Map(
    rows.map((r) => [String(r.bucket), { orders: n(r.orders), balance: n(r.balance) }]),
  );
  return {
    byBucket,
    total: rows.reduce((sum, r) => sum + n(r.balance), 0),
    orders: rows.reduce((sum, r) => sum + n(r.orders), 0),
  };
}

const owedPages: RowPage = async (db, scope, _query, after, limit) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    owedSql(scope, scope.range, after, limit),
  );
  return {
    rows: rows.map((r) => ({
      orderId: String(r.id),
      customerId: String(r.customer_id),
      order: `#${r.number}`,
      customer: String(r.customer),
      dueDate: r.event_start ? localDay(r.event_start, scope.timeZone) : null,
      balance: n(r.balance),
      daysPastDue: Math.max(0, n(r.days_past)),
      ageing: ageingBucket(n(r.days_past)),
    })),
    next: rows.length === limit ? n(rows[rows.length - 1]?.number) : null,
  };
};

const receivables: ReportDef = {
  pages: owedPages,
  async build(db, scope, query, rowsShown) {
    const [current, previous, page] = await Promise.all([
      owedTotals(db, scope, scope.range),
      owedTotals(db, scope, scope.previous),
      owedPages(db, scope, query, null, rowsShown + 1),
    ]);
    const bucketFigure = (label: string) =>
      figure(
        label,
        label,
        'money',
        current.byBucket.get(label)?.balance ?? 0,
        previous.byBucket.get(label)?.balance ?? 0,
      );
    return {
      basis: null,
      basisLabel: `Owed as of the end of ${scope.range.to}; a balance is due by the event's day.`,
      summary: [
        figure('total', 'Outstanding', 'money', current.total, previous.total),
        ...AGEING_BUCKETS.map(bucketFigure),
      ],
      chart: {
        kind: 'bar',
        format: 'money',
        series: [{ key: 'balance', label: 'Outstanding' }],
        points: AGEING_BUCKETS.map((label) => ({
          label,
          values: { balance: current.byBucket.get(label)?.balance ?? 0 },
        })),
      },
      columns: [
        { key: 'order', label: 'Order', format: 'text', link: 'order' },
        { key: 'customer', label: 'Customer', format: 'text', link: 'customer' },
        { key: 'dueDate', label: 'Due', format: 'date' },
        { key: 'balance', label: 'Balance', format: 'money' },
        { key: 'daysPastDue', label: 'Days past due', format: 'count' },
        { key: 'ageing', label: 'Ageing', format: 'text' },
      ],
      rows: page.rows.slice(0, rowsShown),
      truncated: page.rows.length > rowsShown,
      notBuilt: null,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Utilisation

/**
 * Days out ÷ days owned: each line holding a rental product counts its quantity × the part of
 * its held range (buffers included: the unit is not on the shelf) inside the report's days;
 * an order spanning two months counts in each the days it had there. Revenue is the product
 * lines of booked orders whose event starts in the range.
 */
type UtilisationGroup = 'product' | 'category' | 'total';

async function utilisationRows(
  db: Db,
  scope: ReportScope,
  range: DayRange,
  group: UtilisationGroup,
) {
  const start = dayStart(range.from, scope.timeZone);
  const end = dayEnd(range.to, scope.timeZone);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with p as (
      select pr.id, pr.name, pr.quantity, pr.category_id, coalesce(cat.name, 'No category') as category
      from products pr left join categories cat on cat.id = pr.category_id and cat.account_id = ${scope.accountId}
      where pr.account_id = ${scope.accountId} and pr.type = 'rental' and pr.status = 'active'
    ),
    -- Days out: the lines held across the range whose order holds stock (a hold, or booked),
    -- read from the rollup's range index alone (decision 0054: it carries the order's status).
    -- Each sum below is worked out once (materialized) and its few rows met with the products:
    -- on a database without statistics (a fresh one) the planner would otherwise redo the
    -- grouping, distinct count and all, once per product.
    out as materialized (
      select l.product_id,
        sum(l.quantity * extract(epoch from (least(l.reserved_until, ${end}) - greatest(l.reserved_from, ${start}))) / 86400.0) as unit_days,
        count(distinct l.order_id) as times
      from utilisation_lines l
      where l.account_id = ${scope.accountId} and l.status in ${HELD}
        and l.reserved_until > ${start} and l.reserved_from < ${end}
      group by l.product_id
    ),
    -- Revenue: the product lines of the booked orders whose event starts in the range.
    rev as materialized (
      select l.product_id, sum(l.revenue_cents) as revenue
      from utilisation_lines l
      where l.account_id = ${scope.accountId} and l.status in ${BOOKED}
        and ${inRange(sql`l.event_start`, range, scope.timeZone)}
        and l.revenue_cents is not null
      group by l.product_id
    ),
    miss as materialized (
      select m.product_id, count(*) as turned_away
      from availability_misses m
      where m.account_id = ${scope.accountId} and m.created_at >= ${start} and m.created_at < ${end}
      group by m.product_id
    )
    select ${
      group === 'product'
        ? sql`p.id::text as id, p.name`
        : group === 'category'
          ? sql`p.category_id::text as id, p.category as name`
          : sql`null::text as id, '' as name`
    },
      sum(p.quantity)::int as units,
      coalesce(sum(out.unit_days), 0)::float8 as unit_days,
      coalesce(sum(out.times), 0)::int as times,
      coalesce(sum(rev.revenue), 0)::bigint as revenue,
      coalesce(sum(miss.turned_away), 0)::int as turned_away
    from p left join out on out.product_id = p.id left join rev on rev.product_id = p.id
      left join miss on miss.product_id = p.id
    group by 1, 2
    order by 3 desc, 2`,
  );
  return rows.map((r) => {
    const units = n(r.units);
    const owned = units * scope.days;
    const daysOut = Math.round(n(r.unit_days) * 10) / 10;
    return {
      id: r.id === null ? null : String(r.id),
      name: String(r.name),
      units,
      daysOut,
      utilisation: owned ? Math.round((n(r.unit_days) / owned) * 1000) / 10 : 0,
      times: n(r.times),
      revenue: n(r.revenue),
      revenuePerUnit: units ? Math.round(n(r.revenue) / units) : 0,
      turnedAway: n(r.turned_away),
    };
  });
}

const utilisation: ReportDef = {
  async build(db, scope, query) {
    const byCategory = query.groupBy === 'category';
    // The previous period is only compared in the figures: its totals, in one row.
    const [current, previous] = await Promise.all([
      utilisationRows(db, scope, scope.range, byCategory ? 'category' : 'product'),
      utilisationRows(db, scope, scope.previous, 'total'),
    ]);
    const overall = (rows: typeof current) => {
      const owned = rows.reduce((sum, r) => sum + r.units, 0) * scope.days;
      const out = rows.reduce((sum, r) => sum + r.daysOut, 0);
      return owned ? Math.round((out / owned) * 1000) / 10 : 0;
    };
    const sum = (rows: typeof current, key: 'daysOut' | 'times' | 'revenue' | 'turnedAway') =>
      Math.round(rows.reduce((total, r) => total + r[key], 0) * 10) / 10;
    return {
      basis: null,
      basisLabel:
        'Days out ÷ days owned (units × days in the range); revenue by event date; turned away: bookings refused for want of stock in the range.',
      summary: [
        figure('utilisation', 'Utilisation', 'percent', overall(current), overall(previous)),
        figure(
          'daysOut',
          'Unit-days out',
          'days',
          sum(current, 'daysOut'),
          sum(previous, 'daysOut'),
        ),
        figure(
          'revenue',
          'Rental revenue',
          'money',
          sum(current, 'revenue'),
          sum(previous, 'revenue'),
        ),
        figure(
          'turnedAway',
          'Turned away',
          'count',
          sum(current, 'turnedAway'),
          sum(previous, 'turnedAway'),
        ),
      ],
      chart: {
        kind: 'bar',
        format: 'percent',
        series: [{ key: 'utilisation', label: 'Utilisation' }],
        points: current.slice(0, 20).map((r) => ({
          label: r.name,
          values: { utilisation: r.utilisation },
        })),
      },
      columns: [
        {
          key: 'name',
          label: byCategory ? 'Category' : 'Product',
          format: 'text',
          ...(byCategory ? {} : { link: 'product' as const }),
        },
        { key: 'units', label: 'Units', format: 'count' },
        { key: 'daysOut', label: 'Unit-days out', format: 'days' },
        { key: 'utilisation', label: 'Utilisation', format: 'percent' },
        { key: 'times', label: 'Times rented', format: 'count' },
        { key: 'revenue', label: 'Revenue', format: 'money' },
        { key: 'revenuePerUnit', label: 'Revenue per unit', format: 'money' },
        { key: 'turnedAway', label: 'Turned away', format: 'count' },
      ],
      rows: current.map((r) => ({
        ...(byCategory ? {} : { productId: r.id }),
        name: r.name,
        units: r.units,
        daysOut: r.daysOut,
        utilisation: r.utilisation,
        times: r.times,
        revenue: r.revenue,
        revenuePerUnit: r.revenuePerUnit,
        turnedAway: r.turnedAway,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Coupons, cancellations, lead sources

async function couponRows(db: Db, scope: ReportScope, range: DayRange) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select upper(o.coupon_code) as code, count(*)::int as orders,
      coalesce(sum(coalesce((o.totals->>'couponDiscount')::bigint, (o.totals->>'discounts')::bigint)), 0)::bigint as discount,
      coalesce(sum(${orderTotal} - ${orderTax}), 0)::bigint as revenue
    from orders o
    where o.account_id = ${scope.accountId} and o.status in ${BOOKED}
      and o.coupon_code is not null and o.coupon_code <> ''
      and ${inRange(sql`o.event_start`, range, scope.timeZone)}
    group by 1 order by 2 desc, 1`,
  );
  return rows.map((r) => ({
    code: String(r.code),
    orders: n(r.orders),
    discount: n(r.discount),
    revenue: n(r.revenue),
  }));
}

const coupons: ReportDef = {
  async build(db, scope) {
    const [current, previous] = await Promise.all([
      couponRows(db, scope, scope.range),
      couponRows(db, scope, scope.previous),
    ]);
    const sum = (rows: typeof current, key: 'orders' | 'discount') =>
      rows.reduce((total, r) => total + r[key], 0);
    return {
      basis: null,
      basisLabel: 'Booked orders by event date.',
      summary: [
        figure(
          'orders',
          'Orders with a coupon',
          'count',
          sum(current, 'orders'),
          sum(previous, 'orders'),
        ),
        figure(
          'discount',
          'Discount given',
          'money',
          sum(current, 'discount'),
          sum(previous, 'discount'),
        ),
      ],
      chart: {
        kind: 'bar',
        format: 'count',
        series: [{ key: 'orders', label: 'Orders' }],
        points: current.slice(0, 20).map((r) => ({ label: r.code, values: { orders: r.orders } })),
      },
      columns: [
        { key: 'code', label: 'Code', format: 'text' },
        { key: 'orders', label: 'Orders', format: 'count' },
        { key: 'discount', label: 'Discount given', format: 'money' },
        { key: 'revenue', label: 'Revenue of these orders', format: 'money' },
      ],
      rows: current,
      truncated: false,
      notBuilt: null,
    };
  },
};

async function cancellationRows(db: Db, scope: ReportScope, range: DayRange) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with o as (
      select o.id, o.status, coalesce(nullif(trim(o.cancel_reason), ''), 'No reason given') as reason,
        ${orderTotal} as total
      from orders o
      where o.account_id = ${scope.accountId}
        and (o.status in ${BOOKED} or o.status = 'cancelled')
        and ${inRange(sql`o.event_start`, range, scope.timeZone)}
    )
    select o.reason, count(*)::int as orders, coalesce(sum(o.total), 0)::bigint as value,
      coalesce(sum((select sum(p.amount_cents) from payments p
        where p.account_id = ${scope.accountId} and p.order_id = o.id and p.of = 'rental')), 0)::bigint as kept
    from o where o.status = 'cancelled'
    group by 1 order by 2 desc, 1`,
  );
  const [all] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders o
        where o.account_id = ${scope.accountId} and (o.status in ${BOOKED} or o.status = 'cancelled')
          and ${inRange(sql`o.event_start`, range, scope.timeZone)}`,
  );
  return {
    all: n(all?.n),
    rows: rows.map((r) => ({
      reason: String(r.reason),
      orders: n(r.orders),
      value: n(r.value),
      kept: n(r.kept),
    })),
  };
}

const cancellations: ReportDef = {
  async build(db, scope) {
    const [current, previous] = await Promise.all([
      cancellationRows(db, scope, scope.range),
      cancellationRows(db, scope, scope.previous),
    ]);
    const count = (x: typeof current) => x.rows.reduce((total, r) => total + r.orders, 0);
    const rate = (x: typeof current) => (x.all ? Math.round((count(x) / x.all) * 1000) / 10 : 0);
    return {
      basis: null,
      basisLabel: 'Orders by event date: of the booked events in the range, the ones cancelled.',
      summary: [
        figure('cancelled', 'Cancelled orders', 'count', count(current), count(previous)),
        figure('rate', 'Cancellation rate', 'percent', rate(current), rate(previous)),
        figure(
          'kept',
          'Kept from cancelled orders',
          'money',
          current.rows.reduce((total, r) => total + r.kept, 0),
          previous.rows.reduce((total, r) => total + r.kept, 0),
        ),
      ],
      chart: {
        kind: 'bar',
        format: 'count',
        series: [{ key: 'orders', label: 'Cancelled orders' }],
        points: current.rows
          .slice(0, 20)
          .map((r) => ({ label: r.reason, values: { orders: r.orders } })),
      },
      columns: [
        { key: 'reason', label: 'Reason', format: 'text' },
        { key: 'orders', label: 'Orders', format: 'count' },
        { key: 'value', label: 'Value of the orders', format: 'money' },
        { key: 'kept', label: 'Kept', format: 'money' },
      ],
      rows: current.rows,
      truncated: false,
      notBuilt: null,
    };
  },
};

/** How long before an order a customer's call or text counts as where it began. */
const LEAD_WINDOW = sql`interval '14 days'`;

async function leadRows(db: Db, scope: ReportScope, range: DayRange) {
  const start = dayStart(range.from, scope.timeZone);
  const end = dayEnd(range.to, scope.timeZone);
  // The three queries run side by side.
  const [rows, [calls], [texters]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`
    -- The orders' narrow copies (decision 0054): a year of them without the wide order rows.
    with o as (
      select o.order_id as id, o.status, o.created_at, o.referral_source, c.phone_number,
        o.total_cents - o.tax_cents as revenue
      from report_orders o
      join customers c on c.id = o.customer_id and c.account_id = ${scope.accountId}
      where o.account_id = ${scope.accountId} and o.status <> 'draft'
        and o.created_at >= ${start} and o.created_at < ${end}
    ),
    -- Set-based: the inbound calls and texts of the range (and the window before it) meet the
    -- orders on the number, instead of two probes per order. The texts are read by their own
    -- account (a message is written in its conversation's), from messages_direction_idx.
    called as (
      select distinct o.id from o
      join calls k on k.account_id = ${scope.accountId} and k.direction = 'inbound'
        and k.counterpart_number = o.phone_number
        and k.started_at <= o.created_at and k.started_at > o.created_at - ${LEAD_WINDOW}
      where k.started_at >= ${start} - ${LEAD_WINDOW} and k.started_at < ${end}
    ),
    texted as (
      select distinct o.id from o
      join conversations v on v.account_id = ${scope.accountId} and v.phone_number = o.phone_number
      join messages m on m.conversation_id = v.id and m.direction = 'inbound'
        and m.created_at <= o.created_at and m.created_at > o.created_at - ${LEAD_WINDOW}
      where m.account_id = ${scope.accountId}
        and m.created_at >= ${start} - ${LEAD_WINDOW} and m.created_at < ${end}
    ),
    -- Counted by the order's own columns first (hashed), then by the label, which is sorted
    -- only once there are a few rows: not 35,000 rows sorted by a text.
    t as (
      select o.referral_source, called.id is not null as called, texted.id is not null as texted,
        count(*) as orders, count(*) filter (where o.status in ${BOOKED}) as booked,
        sum(o.revenue) filter (where o.status in ${BOOKED}) as revenue
      from o left join called on called.id = o.id left join texted on texted.id = o.id
      group by 1, 2, 3
    )
    select coalesce(nullif(trim(t.referral_source), ''),
        case when t.called then 'Phone call' when t.texted then 'Text message'
             else 'Not recorded' end) as source,
      sum(t.orders)::int as orders,
      sum(t.booked)::int as booked,
      coalesce(sum(t.revenue), 0)::bigint as revenue,
      coalesce(sum(t.orders) filter (where t.called), 0)::int as from_calls,
      coalesce(sum(t.booked) filter (where t.called), 0)::int as booked_from_calls,
      coalesce(sum(t.orders) filter (where t.texted), 0)::int as from_texts,
      coalesce(sum(t.booked) filter (where t.texted), 0)::int as booked_from_texts
    from t
    group by 1 order by 2 desc, 1`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from calls k
        where k.account_id = ${scope.accountId} and k.direction = 'inbound'
          and k.started_at >= ${start} and k.started_at < ${end}`,
    ),
    // Customers who texted in: one per number that sent a text in the range.
    queryRows<{ n: number }>(
      db,
      sql`select count(distinct v.phone_number)::int as n from conversations v
        join messages m on m.conversation_id = v.id and m.direction = 'inbound'
        where v.account_id = ${scope.accountId} and m.account_id = ${scope.accountId}
          and m.created_at >= ${start} and m.created_at < ${end}`,
    ),
  ]);
  const list = rows.map((r) => ({
    source: String(r.source),
    orders: n(r.orders),
    booked: n(r.booked),
    revenue: n(r.revenue),
    fromCalls: n(r.from_calls),
    bookedFromCalls: n(r.booked_from_calls),
    fromTexts: n(r.from_texts),
    bookedFromTexts: n(r.booked_from_texts),
  }));
  const total = (key: 'fromCalls' | 'bookedFromCalls' | 'fromTexts' | 'bookedFromTexts') =>
    list.reduce((sum, r) => sum + r[key], 0);
  return {
    calls: n(calls?.n),
    quotesFromCalls: total('fromCalls'),
    bookingsFromCalls: total('bookedFromCalls'),
    texters: n(texters?.n),
    quotesFromTexts: total('fromTexts'),
    bookingsFromTexts: total('bookedFromTexts'),
    rows: list,
  };
}

const leadSources: ReportDef = {
  async build(db, scope) {
    const [current, previous] = await Promise.all([
      leadRows(db, scope, scope.range),
      leadRows(db, scope, scope.previous),
    ]);
    const sum = (x: typeof current, key: 'orders' | 'booked') =>
      x.rows.reduce((total, r) => total + r[key], 0);
    return {
      basis: null,
      basisLabel:
        'Orders by the day they were made. Without a referral source, an order began as a call or a text when the customer called or texted in the 14 days before it.',
      summary: [
        figure('calls', 'Inbound calls', 'count', current.calls, previous.calls),
        figure(
          'quotesFromCalls',
          'Quotes from callers',
          'count',
          current.quotesFromCalls,
          previous.quotesFromCalls,
        ),
        figure(
          'bookingsFromCalls',
          'Bookings from callers',
          'count',
          current.bookingsFromCalls,
          previous.bookingsFromCalls,
        ),
        figure('texters', 'Customers who texted', 'count', current.texters, previous.texters),
        figure(
          'quotesFromTexts',
          'Quotes from texts',
          'count',
          current.quotesFromTexts,
          previous.quotesFromTexts,
        ),
        figure(
          'bookingsFromTexts',
          'Bookings from texts',
          'count',
          current.bookingsFromTexts,
          previous.bookingsFromTexts,
        ),
        figure('orders', 'Orders', 'count', sum(current, 'orders'), sum(previous, 'orders')),
        figure('booked', 'Booked', 'count', sum(current, 'booked'), sum(previous, 'booked')),
      ],
      chart: {
        kind: 'bar',
        format: 'count',
        series: [
          { key: 'orders', label: 'Orders' },
          { key: 'booked', label: 'Booked' },
        ],
        points: current.rows.slice(0, 20).map((r) => ({
          label: r.source,
          values: { orders: r.orders, booked: r.booked },
        })),
      },
      columns: [
        { key: 'source', label: 'Source', format: 'text' },
        { key: 'orders', label: 'Orders', format: 'count' },
        { key: 'booked', label: 'Booked', format: 'count' },
        { key: 'conversion', label: 'Booked of orders', format: 'percent' },
        { key: 'revenue', label: 'Booked revenue', format: 'money' },
      ],
      rows: current.rows.map((r) => ({
        source: r.source,
        orders: r.orders,
        booked: r.booked,
        conversion: r.orders ? Math.round((r.booked / r.orders) * 1000) / 10 : 0,
        revenue: r.revenue,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Deliveries

type DeliveryBucket = {
  period: string;
  routes: number;
  planned: number;
  done: number;
  onTime: number;
  problems: number;
  miles: number;
};

/** A local day (a `date` column, already the account's day) as its bucket's label. */
const dayBucketOf = (column: SQL, scope: ReportScope): SQL =>
  scope.bucket === 'day'
    ? sql`to_char(${column}, 'YYYY-MM-DD')`
    : sql`to_char(${column}, 'YYYY-MM')`;

/**
 * Decision 0045: the routes saved for the range's days (with their planned miles), the stops on
 * them, and what the crews recorded. A stop is done at its first "delivered" or "picked up"; it
 * is on time when that is by the end of its order's window for that stop (the delivery or the
 * pickup window), or, for a stop without a window of its own, on its day. A stop with a
 * problem reported counts once, however many reports.
 */
async function deliveryBuckets(db: Db, scope: ReportScope, range: DayRange, bucket: boolean) {
  const a = scope.accountId;
  const days = (column: SQL) =>
    sql`${column} >= ${range.from}::date and ${column} <= ${range.to}::date`;
  const key = bucket ? dayBucketOf(sql`days.day`, scope) : sql`''`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with r as (
      select r.day, count(*) as routes, sum(r.planned_miles) as miles
      from delivery_routes r
      where r.account_id = ${a} and ${days(sql`r.day`)}
      group by r.day
    ),
    p as (
      select r.day, count(*) as planned
      from route_stops s
      join delivery_routes r on r.id = s.route_id and r.account_id = ${a}
      where s.account_id = ${a} and ${days(sql`r.day`)}
      group by r.day
    ),
    -- A stop's first "delivered" or "picked up", with the end of its order's window for that
    -- stop, from the stops' copy (decision 0054, third pass): its index is in stop order, so
    -- nothing is sorted, and it carries the window's end, so the orders are not read.
    first_done as (
      select distinct on (e.order_id, e.stop_kind) e.day, e.occurred_at, e.due
      from report_stop_events e
      where e.account_id = ${a} and ${days(sql`e.day`)}
      order by e.order_id, e.stop_kind, e.occurred_at
    ),
    d as (
      select f.day, count(*) as done,
        count(*) filter (where case
          when f.due is not null then f.occurred_at <= f.due::timestamptz
          else (f.occurred_at at time zone ${scope.timeZone})::date <= f.day end) as on_time
      from first_done f
      group by f.day
    ),
    x as (
      select e.day, count(distinct (e.order_id, e.stop_kind)) as problems
      from stop_events e
      where e.account_id = ${a} and ${days(sql`e.day`)} and e.action = 'problem'
      group by e.day
    ),
    days as (select day from r union select day from p union select day from d union select day from x)
    select ${key} as period,
      coalesce(sum(r.routes), 0)::int as routes,
      coalesce(sum(p.planned), 0)::int as planned,
      coalesce(sum(d.done), 0)::int as done,
      coalesce(sum(d.on_time), 0)::int as on_time,
      coalesce(sum(x.problems), 0)::int as problems,
      coalesce(sum(r.miles), 0)::float8 as miles
    from days
    left join r on r.day = days.day
    left join p on p.day = days.day
    left join d on d.day = days.day
    left join x on x.day = days.day
    group by ${grouping(bucket)} order by 1`,
  );
  return rows.map(
    (r): DeliveryBucket => ({
      period: r.period === null ? TOTAL : String(r.period),
      routes: n(r.routes),
      planned: n(r.planned),
      done: n(r.done),
      onTime: n(r.on_time),
      problems: n(r.problems),
      miles: Math.round(n(r.miles) * 10) / 10,
    }),
  );
}

/** On time of done, as a percentage to one decimal (0 when nothing was done). */
const onTimeRate = (b: Pick<DeliveryBucket, 'done' | 'onTime'> | undefined) =>
  b?.done ? Math.round((b.onTime / b.done) * 1000) / 10 : 0;

const deliveries: ReportDef = {
  async build(db, scope) {
    const [rows, [before]] = await Promise.all([
      deliveryBuckets(db, scope, scope.range, true),
      deliveryBuckets(db, scope, scope.previous, false),
    ]);
    const current = rows.filter((r) => r.period !== TOTAL);
    const total = rows.find((r) => r.period === TOTAL);
    return {
      basis: null,
      basisLabel: 'By route day. On time: done by the end of the stop’s window.',
      summary: [
        figure('planned', 'Stops planned', 'count', total?.planned ?? 0, before?.planned ?? 0),
        figure('done', 'Stops done', 'count', total?.done ?? 0, before?.done ?? 0),
        figure('onTime', 'On time', 'percent', onTimeRate(total), onTimeRate(before)),
        figure('miles', 'Miles planned', 'count', total?.miles ?? 0, before?.miles ?? 0),
      ],
      chart: timeChart(
        scope,
        'count',
        [
          { key: 'onTime', label: 'On time' },
          { key: 'late', label: 'Late' },
        ],
        new Map(current.map((r) => [r.period, { onTime: r.onTime, late: r.done - r.onTime }])),
      ),
      columns: [
        periodColumn(scope),
        { key: 'routes', label: 'Routes', format: 'count' },
        { key: 'planned', label: 'Stops planned', format: 'count' },
        { key: 'done', label: 'Stops done', format: 'count' },
        { key: 'onTime', label: 'On time', format: 'count' },
        { key: 'late', label: 'Late', format: 'count' },
        { key: 'rate', label: 'On-time rate', format: 'percent' },
        { key: 'problems', label: 'Problems', format: 'count' },
        { key: 'miles', label: 'Miles planned', format: 'count' },
      ],
      rows: current.map((r) => ({
        period: r.period,
        routes: r.routes,
        planned: r.planned,
        done: r.done,
        onTime: r.onTime,
        late: r.done - r.onTime,
        rate: onTimeRate(r),
        problems: r.problems,
        miles: r.miles,
      })),
      truncated: false,
      notBuilt: null,
    };
  },
};

export const REPORTS: Readonly<Record<ReportKey, ReportDef>> = {
  revenue,
  'sales-tax': salesTax,
  payments: paymentsReport,
  deposits,
  receivables,
  utilisation,
  coupons,
  cancellations,
  'lead-sources': leadSources,
  deliveries,
};
