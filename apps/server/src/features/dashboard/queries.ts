import { isValidTimeZone } from '@tentpole/domain';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';
import { payments } from '../payments/tables.js';

export async function accountTimeZone(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ tz: sql<string | null>`${accounts.settings}->>'timezone'` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const tz = row?.tz;
  return tz && isValidTimeZone(tz) ? tz : 'UTC';
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
