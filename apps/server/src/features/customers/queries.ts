import type { CustomerInput, CustomerListQuery, CustomerPatch } from '@tentpole/domain';
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import {
  calls,
  cartSessions,
  conversations,
  customerJourneyEvents,
  customers,
  documents,
  messages,
  orderLines,
  orders,
  payments,
} from '../../db/schema.js';

// The fields a customer response carries (never the row as it is).
export const customerFields = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  company: customers.company,
  email: customers.email,
  phoneNumber: customers.phoneNumber,
  internalNotes: customers.internalNotes,
  points: customers.points,
  banned: customers.banned,
  reference: customers.reference,
  createdAt: customers.createdAt,
};

export async function findCustomer(db: Db, accountId: string, customerId: string) {
  const [row] = await db
    .select(customerFields)
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customer search: every word of the term must appear in the name, e-mail, company or
 * reference, or the term's digits must appear in the phone number, whatever way the number
 * was typed ('(555) 010-0123', '5550100123' and '+15550100123' find the same customer).
 * Both are LIKE '%…%' over trigram GIN indexes. Exact hits rank first, then prefix matches,
 * then by word similarity.
 */
export async function searchCustomers(db: Db, accountId: string, query: CustomerListQuery) {
  const term = query.search.toLowerCase();
  const words = term.split(/\s+/).filter(Boolean);
  const digits = term.replace(/\D/g, '');
  const looksLikePhone = /^[\d\s()+\-.]+$/.test(term) && digits.length >= 3;

  const matches: SQL[] = [];
  if (words.length > 0) {
    matches.push(
      and(...words.map((w) => sql`${customers.searchText} like ${`%${escapeLike(w)}%`}`)) as SQL,
    );
  }
  if (looksLikePhone) matches.push(sql`${customers.phoneNumber} like ${`%${digits}%`}`);
  const where = and(
    eq(customers.accountId, accountId),
    matches.length ? or(...matches) : undefined,
  );

  const ranking = term
    ? [
        asc(sql`case
        when ${looksLikePhone ? sql`${customers.phoneNumber} like ${`%${digits}`}` : sql`false`} then 0
        when lower(${customers.email}) = ${term} then 0
        when lower(${customers.firstName} || ' ' || ${customers.lastName}) = ${term} then 1
        when ${customers.searchText} like ${`${escapeLike(term)}%`} then 2
        else 3 end`),
        desc(sql`word_similarity(${term}, ${customers.searchText})`),
      ]
    : [];

  // Outer columns spelled out in full: Drizzle renders them unqualified, which inside the
  // subquery would bind to the orders table instead.
  const lastOrder = sql<{ id: string; number: number; status: string; eventDate: string } | null>`(
    select json_build_object('id', o.id, 'number', o.number, 'status', o.status, 'eventDate', o.event_date)
    from ${orders} o
    where o.account_id = "customers"."account_id" and o.customer_id = "customers"."id"
    order by o.event_date desc, o.number desc limit 1)`;

  const [rows, totals] = await Promise.all([
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        company: customers.company,
        email: customers.email,
        phoneNumber: customers.phoneNumber,
        points: customers.points,
        banned: customers.banned,
        reference: customers.reference,
        lastOrder,
      })
      .from(customers)
      .where(where)
      .orderBy(...ranking, asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { customers: rows, total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The customers of this account that already have this e-mail or phone number. */
export async function findDuplicates(
  db: Db,
  accountId: string,
  { email, phoneNumber }: { email?: string | undefined; phoneNumber?: string | null | undefined },
  exceptId?: string,
) {
  const clashes: SQL[] = [];
  if (email) clashes.push(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (phoneNumber) clashes.push(eq(customers.phoneNumber, phoneNumber));
  if (clashes.length === 0) return [];
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phoneNumber: customers.phoneNumber,
    })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        or(...clashes),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(2);
}

export async function insertCustomer(db: Db, accountId: string, input: CustomerInput) {
  const [row] = await db
    .insert(customers)
    .values({ ...input, accountId })
    .returning(customerFields);
  if (!row) throw new Error('customer was not created');
  return row;
}

export async function updateCustomer(db: Db, accountId: string, id: string, patch: CustomerPatch) {
  const [row] = await db
    .update(customers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .returning(customerFields);
  return row ?? null;
}

export async function customerOrders(db: Db, accountId: string, customerId: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      eventDate: orders.eventDate,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paidCents:
        sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = "orders"."account_id" and p.order_id = "orders"."id"), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.eventDate), desc(orders.number));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.accountId, accountId), eq(orders.customerId, customerId)))
    .orderBy(asc(orderLines.id));
  return rows.map((order) => ({
    ...order,
    lines: lines.filter((l) => l.orderId === order.id).map(({ orderId: _, ...line }) => line),
  }));
}

export async function customerDocuments(db: Db, accountId: string, customerId: string) {
  return db
    .select({
      id: documents.id,
      kind: documents.kind,
      title: documents.title,
      status: documents.status,
      orderId: documents.orderId,
      orderNumber: orders.number,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .leftJoin(orders, and(eq(orders.id, documents.orderId), eq(orders.accountId, accountId)))
    .where(and(eq(documents.accountId, accountId), eq(documents.customerId, customerId)))
    .orderBy(desc(documents.createdAt));
}

export const JOURNEY_LIMIT = 500;

type JourneyRow = {
  id: string;
  kind: string;
  title: string;
  detail: string | null;
  occurred_at: string | Date;
  order_id: string | null;
};

/**
 * One timeline of what happened with a customer, newest first: when they were added, their
 * cart sessions, orders (a quote until confirmed), payments, documents and the events
 * recorded for them. Calls and messages join when Reach records them.
 */
export async function customerJourney(db: Db, accountId: string, customerId: string) {
  const money = (cents: SQL) => sql`to_char(${cents} / 100.0, 'FM$999,999,990.00')`;
  const rows = await queryRows<JourneyRow>(
    db,
    sql`
    select c.id::text, 'created' as kind, 'Customer added' as title, null as detail, c.created_at as occurred_at, null::text as order_id
      from ${customers} c where c.account_id = ${accountId} and c.id = ${customerId}
    union all
    select s.id::text, 'cart_session', 'Started a cart',
           s.item_count || ' item(s), ' || ${money(sql`s.value_cents`)} || case when s.converted_order_id is not null then ', became an order' else '' end,
           s.started_at, s.converted_order_id::text
      from ${cartSessions} s where s.account_id = ${accountId} and s.customer_id = ${customerId}
    union all
    select o.id::text, case when o.status = 'quote' then 'quote' else 'order' end,
           case when o.status = 'quote' then 'Quote #' else 'Order #' end || o.number,
           'Event on ' || to_char(o.event_date, 'Mon FMDD, YYYY') || ' · ' || ${money(sql`o.total_cents`)} || ' · ' || o.status,
           o.created_at, o.id::text
      from ${orders} o where o.account_id = ${accountId} and o.customer_id = ${customerId}
    union all
    select p.id::text, 'payment', 'Paid ' || ${money(sql`p.amount_cents`)},
           'Order #' || o.number || ' by ' || replace(p.method, '_', ' '), p.paid_at, p.order_id::text
      from ${payments} p join ${orders} o on o.id = p.order_id and o.account_id = ${accountId}
      where p.account_id = ${accountId} and p.customer_id = ${customerId}
    union all
    select d.id::text, 'document', d.title, d.kind || ' · ' || d.status, d.created_at, d.order_id::text
      from ${documents} d where d.account_id = ${accountId} and d.customer_id = ${customerId} and d.kind <> 'quote'
    union all
    select e.id::text, e.kind, e.title, e.detail, e.occurred_at, null
      from ${customerJourneyEvents} e where e.account_id = ${accountId} and e.customer_id = ${customerId}
    union all
    select k.id::text, 'call',
           case when k.direction = 'outbound' then 'Called them'
                when k.answered_at is null then 'Missed call' else 'They called' end,
           case when k.voicemail_recording_sid is not null then 'Left a voicemail'
                when k.duration_seconds is not null then 'Talked ' || (k.duration_seconds / 60) || 'm ' || (k.duration_seconds % 60) || 's'
                else k.status end,
           k.started_at, null
      from ${calls} k where k.account_id = ${accountId} and k.customer_id = ${customerId}
    union all
    select m.id::text, 'message', case when m.direction = 'inbound' then 'Texted us' else 'We texted them' end,
           left(m.body, 140), m.created_at, null
      from ${messages} m join ${conversations} v on v.id = m.conversation_id and v.account_id = ${accountId}
      where m.account_id = ${accountId} and v.customer_id = ${customerId}
    order by occurred_at desc, kind
    limit ${JOURNEY_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    detail: r.detail,
    occurredAt: new Date(r.occurred_at).toISOString(),
    orderId: r.order_id,
  }));
}
