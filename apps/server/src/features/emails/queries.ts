import { type EmailListQuery, INVITE_LINK_HIDDEN, type OrderFacts } from '@tentpole/domain';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { enqueue, type Tx } from '../../jobs/job-queue.js';
import { customers } from '../customers/tables.js';
import { orders } from '../orders/tables.js';
import { emails } from './tables.js';

/** Quiet hours and the review link: other features' messages honour them too. */
export { messagingSettings } from './templates.js';

export const JOB_SEND_EMAIL = 'send-email';
/** Tries of one e-mail (about four minutes of backoff) before it is kept as failed. */
export const EMAIL_MAX_ATTEMPTS = 8;

export type EmailToQueue = {
  accountId: string;
  orderId?: string | null;
  customerId?: string | null;
  /** What it is (pay_link, receipt, payment_failed…): the outbox's filter and the journey's. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/**
 * The e-mails feature's surface for others: an e-mail stored with its send job, in the
 * caller's transaction (so the change that causes it and the e-mail commit together), sent
 * once by whichever instance's worker takes the job.
 */
export async function queueEmail(tx: Db | Tx, email: EmailToQueue): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({
      accountId: email.accountId,
      orderId: email.orderId ?? null,
      customerId: email.customerId ?? null,
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })
    .returning({ id: emails.id });
  if (!row) throw new Error('e-mail not stored');
  await enqueue(tx, JOB_SEND_EMAIL, { emailId: row.id }, `email:${row.id}`, {
    maxAttempts: EMAIL_MAX_ATTEMPTS,
  });
  return row.id;
}

/** An order's e-mails, newest first. */
export async function orderEmails(db: Db, accountId: string, orderId: string) {
  return db
    .select({
      id: emails.id,
      kind: emails.kind,
      to: emails.toAddress,
      subject: emails.subject,
      status: emails.status,
      failure: emails.failure,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(and(eq(emails.accountId, accountId), eq(emails.orderId, orderId)))
    .orderBy(desc(emails.createdAt))
    .limit(50);
}

const summaryColumns = {
  id: emails.id,
  kind: emails.kind,
  to: emails.toAddress,
  subject: emails.subject,
  status: emails.status,
  failure: emails.failure,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
  orderId: emails.orderId,
  orderNumber: orders.number,
  customerId: emails.customerId,
  customerName: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
};

type SummaryRow = {
  createdAt: Date;
  sentAt: Date | null;
  orderNumber: number | null;
  customerName: string | null;
};
export const summaryBody = <T extends SummaryRow>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export const EMAIL_PAGE_SIZE = 50;

/** §8 history: the account's e-mails, newest first, by words (to, subject, customer) and status. */
export async function listEmails(db: Db, accountId: string, query: EmailListQuery) {
  const words = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(emails.accountId, accountId),
    query.status ? eq(emails.status, query.status) : undefined,
    words
      ? (or(
          ilike(emails.toAddress, words),
          ilike(emails.subject, words),
          sql`${customers.firstName} || ' ' || ${customers.lastName} ilike ${words}`,
          sql`${orders.number}::text = ${query.q}`,
        ) as SQL)
      : undefined,
  );
  const from = () =>
    db
      .select(summaryColumns)
      .from(emails)
      .leftJoin(orders, eq(orders.id, emails.orderId))
      .leftJoin(customers, eq(customers.id, emails.customerId));
  const [rows, [count]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(EMAIL_PAGE_SIZE)
      .offset((query.page - 1) * EMAIL_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emails)
      .leftJoin(orders, eq(orders.id, emails.orderId))
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .where(where),
  ]);
  return { rows: rows.map(summaryBody), total: count?.n ?? 0 };
}

/** One e-mail as it was sent (HTML and text), or null when it is not the account's. */
export async function findEmail(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, html: emails.html, text: emails.text })
    .from(emails)
    .leftJoin(orders, eq(orders.id, emails.orderId))
    .leftJoin(customers, eq(customers.id, emails.customerId))
    .where(and(eq(emails.accountId, accountId), eq(emails.id, id)));
  if (!row) return null;
  // An invitation's link is a key to the account: the outbox shows the e-mail without it.
  if (row.kind === 'staff_invite') {
    const hide = (s: string) => s.replace(/\/invite\/[\w-]+/g, `/invite/${INVITE_LINK_HIDDEN}`);
    return summaryBody({ ...row, html: hide(row.html), text: hide(row.text) });
  }
  return summaryBody(row);
}

/** An order's e-mails in the outbox's shape, newest first. */
export async function orderEmailSummaries(db: Db, accountId: string, orderId: string) {
  const rows = await db
    .select(summaryColumns)
    .from(emails)
    .leftJoin(orders, eq(orders.id, emails.orderId))
    .leftJoin(customers, eq(customers.id, emails.customerId))
    .where(and(eq(emails.accountId, accountId), eq(emails.orderId, orderId)))
    .orderBy(desc(emails.createdAt))
    .limit(50);
  return rows.map(summaryBody);
}

export type OrderFactsRow = OrderFacts & {
  id: string;
  accountId: string;
  number: number;
  customerId: string;
  customerName: string;
  muted: boolean;
  updatedAt: Date;
};

type RawFacts = {
  id: string;
  account_id: string;
  number: number;
  status: string;
  fulfilment: 'delivery' | 'pickup';
  tags: string[] | null;
  event_start: Date | string;
  event_end: Date | string;
  delivery_start: string | null;
  pickup_start: string | null;
  updated_at: Date | string;
  balance: number | string;
  entered: Record<string, string> | null;
  customer_id: string;
  customer_name: string;
  muted: boolean;
};

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * What the automations engine knows of orders, in one read: status, fulfilment, tags, dates,
 * the balance (total less rental money kept), when each status was first entered (the activity
 * log), and the per-order mute. `where` narrows it (one order, an account's candidates).
 */
export async function orderFacts(db: Db, where: SQL, limit = 5_000): Promise<OrderFactsRow[]> {
  const rows = await queryRows<RawFacts>(
    db,
    sql`select o.id, o.account_id, o.number, o.status, o.fulfilment, o.tags, o.updated_at,
        coalesce(o.event_start, (o.event_date::text || 'T15:00:00Z')::timestamptz) as event_start,
        coalesce(o.event_end, (o.event_date::text || 'T23:00:00Z')::timestamptz) as event_end,
        case when o.fulfilment = 'delivery' then o.delivery_window->>'start' end as delivery_start,
        case when o.fulfilment = 'delivery' then o.pickup_window->>'start' end as pickup_start,
        coalesce((o.totals->>'total')::integer, o.total_cents)
          - coalesce((select sum(p.amount_cents) from payments p
              where p.account_id = o.account_id and p.order_id = o.id and p.of = 'rental'), 0) as balance,
        (select jsonb_object_agg(x.status, x.at) from (
            select a.detail->>'to' as status, min(a.created_at) as at from order_activity a
            where a.account_id = o.account_id and a.order_id = o.id and a.action = 'status' and a.detail ? 'to' group by 1) x
        ) as entered,
        o.customer_id, c.first_name || ' ' || c.last_name as customer_name,
        exists (select 1 from order_message_mutes m where m.order_id = o.id) as muted
      from orders o join customers c on c.id = o.customer_id
      where ${where}
      limit ${limit}`,
  );
  return rows.map((r) => {
    const enteredAt: OrderFacts['enteredAt'] = {};
    for (const [status, at] of Object.entries(r.entered ?? {}))
      (enteredAt as Record<string, Date>)[status] = new Date(at);
    return {
      id: r.id,
      accountId: r.account_id,
      number: Number(r.number),
      status: r.status,
      fulfilment: r.fulfilment,
      tags: r.tags ?? [],
      eventStart: toDate(r.event_start),
      eventEnd: toDate(r.event_end),
      deliveryStart: r.delivery_start ? new Date(r.delivery_start) : null,
      pickupStart: r.pickup_start ? new Date(r.pickup_start) : null,
      updatedAt: toDate(r.updated_at),
      balance: Number(r.balance),
      enteredAt,
      customerId: r.customer_id,
      customerName: r.customer_name,
      muted: r.muted,
    };
  });
}

/** The order facts of one order of the account, or null. */
export async function oneOrderFacts(db: Db, accountId: string, orderId: string) {
  const [row] = await orderFacts(db, sql`o.account_id = ${accountId} and o.id = ${orderId}`, 1);
  return row ?? null;
}

/** Orders whose messages were planned for an older version of them (or never), oldest first. */
export async function ordersToPlan(db: Db, now: Date, limit: number) {
  return queryRows<{ id: string; account_id: string }>(
    db,
    sql`select o.id, o.account_id from orders o
      left join order_message_plans p on p.order_id = o.id
      where o.status <> 'draft'
        and (p.order_id is null or p.order_updated_at < o.updated_at)
        and coalesce(o.event_end, o.event_date::timestamptz) > ${now}::timestamptz - interval '13 months'
      order by o.updated_at
      limit ${limit}`,
  );
}
