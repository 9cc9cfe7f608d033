import type { CustomerInput, CustomerListQuery, CustomerPatch } from '@tentpole/domain';
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { JourneySource } from '../feature.js';
import { orders } from '../orders/tables.js';
import { customerJourneyEvents, customers } from './tables.js';

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

  // Best matches first only when no sort was asked for (the list's own order).
  const ranking =
    term && !query.sort
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

  // The asked-for order, always ending on the id so equal values page stably. By name (the
  // default) it follows customers_account_name_idx, forwards or backwards. Empty values (no
  // company, phone or order) sort as the largest, so descending is ascending reversed.
  const by = query.order === 'desc' ? desc : asc;
  const nullsLast = (value: SQL) =>
    query.order === 'desc' ? sql`${value} desc nulls first` : sql`${value} asc nulls last`;
  const byName = [by(customers.lastName), by(customers.firstName)];
  const sortOrders: Record<NonNullable<CustomerListQuery['sort']>, () => SQL[]> = {
    name: () => byName,
    company: () => [nullsLast(sql`lower(${customers.company})`), ...byName],
    email: () => [by(sql`lower(${customers.email})`)],
    phone: () => [nullsLast(sql`${customers.phoneNumber}`), ...byName],
    points: () => [by(customers.points), ...byName],
    lastOrder: () => [
      nullsLast(sql`(select max(o.event_date) from ${orders} o
        where o.account_id = "customers"."account_id" and o.customer_id = "customers"."id")`),
      ...byName,
    ],
  };
  const order = [...sortOrders[query.sort ?? 'name'](), by(customers.id)];

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
      .orderBy(...ranking, ...order)
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

/** Holds the account's phone number until the transaction ends: one save of a number at a time. */
export async function lockPhoneNumber(tx: Db, accountId: string, phoneNumber: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`customer-phone:${accountId}:${phoneNumber}`}))`,
  );
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

export const JOURNEY_LIMIT = 500;

type JourneyRow = {
  id: string;
  kind: string;
  title: string;
  detail: string | null;
  occurred_at: string | Date;
  order_id: string | null;
  amount_cents: number | string | null;
};

/**
 * One timeline of what happened with a customer, newest first: the union of every feature's
 * journey source (this feature's own: when they were added and the events recorded for them).
 */
export async function journeyRows(
  db: Db,
  accountId: string,
  customerId: string,
  sources: readonly JourneySource[],
) {
  const selects = sources.map((source) => sql`(${source(accountId, customerId)})`);
  const rows = await queryRows<JourneyRow>(
    db,
    sql`select * from (${sql.join(selects, sql` union all `)}) journey
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
    amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
  }));
}

/** Every customer of the account with when they joined, oldest first (the demo's seeders). */
export function customersByJoinDate(db: Db, accountId: string) {
  return db
    .select({ id: customers.id, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.accountId, accountId))
    .orderBy(asc(customers.createdAt), asc(customers.id));
}

/** The account's customer with this e-mail (any case), or null. */
export async function customerIdByEmail(db: Db, accountId: string, email: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.accountId, accountId), sql`lower(${customers.email}) = lower(${email})`),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Records something that happened with a customer on their journey (a note, a message). */
export async function addJourneyEvent(
  db: Db,
  accountId: string,
  customerId: string,
  event: { kind: string; title: string; detail: string | null; occurredAt: Date },
) {
  await db.insert(customerJourneyEvents).values({ accountId, customerId, ...event });
}
