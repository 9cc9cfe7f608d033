import { randomBytes } from 'node:crypto';
import {
  BOOKED_ORDER_STATUSES,
  DEFAULT_ORDER_SETTINGS,
  isSignableOrderStatus,
  type OrderCalendarQuery,
  type OrderListQuery,
  type OrderTotals,
  orderChanges,
  orderTotals,
  orderTotalsSchema,
  type SignedTerms,
  type TotalsLine,
} from '@tentpole/domain';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { publish } from '../../realtime/event-hub.js';
import { customers } from '../customers/tables.js';
import { cardsOnFile, orderCardCharges, payments } from '../payments/tables.js';
import { lockOrder } from './order-lock.js';
import {
  availabilityMisses,
  documents,
  orderActivity,
  orderLines,
  orderLinks,
  orders,
} from './tables.js';

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
        sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = "orders"."account_id" and p.order_id = "orders"."id" and p.of = 'rental'), 0)`.mapWith(
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
    .where(
      and(
        eq(orderLines.accountId, accountId),
        eq(orders.customerId, customerId),
        // Components (blowers, stakes) ride along at no charge: the customer sees the items.
        ne(orderLines.kind, 'component'),
      ),
    )
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

/** The account's orders in the order they were placed (later seeders pay and cart them). */
export function ordersOfAccount(db: Db, accountId: string) {
  return db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      status: orders.status,
      totalCents: orders.totalCents,
      eventDate: orders.eventDate,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(asc(orders.number));
}

/** What has been paid on an order: rental money and, apart, the security deposit. */
export async function orderPaidTotals(db: Db, accountId: string, orderId: string) {
  const total = (kind: 'payment' | 'refund', of: 'rental' | 'deposit') =>
    sql<number>`coalesce(abs(sum(${payments.amountCents}) filter (where ${payments.kind} = ${kind} and ${payments.of} = ${of})), 0)`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      paid: total('payment', 'rental'),
      refunded: total('refund', 'rental'),
      depositPaid: total('payment', 'deposit'),
      depositRefunded: total('refund', 'deposit'),
    })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.orderId, orderId)));
  return {
    paid: row?.paid ?? 0,
    refunded: row?.refunded ?? 0,
    depositPaid: row?.depositPaid ?? 0,
    depositRefunded: row?.depositRefunded ?? 0,
  };
}

/**
 * Site photos from elsewhere (Reach: a picture a customer texted in), stored the way the
 * customer's page stores them (re-encoded, at most PHOTOS_PER_ORDER, counted under the lock).
 */
export { readSitePhoto, sitePhotoIds, storeOrderPhotos } from './photos.js';
export { lockOrder };

/** One order with its customer, lines and totals, or null (not this account's). */
export async function findOrder(db: Db, accountId: string, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerId: orders.customerId,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      eventDate: orders.eventDate,
      eventStart: orders.eventStart,
      eventEnd: orders.eventEnd,
      fulfilment: orders.fulfilment,
      address: orders.address,
      surfaceId: orders.surfaceId,
      deliveryWindow: orders.deliveryWindow,
      pickupWindow: orders.pickupWindow,
      holdExpiresAt: orders.holdExpiresAt,
      damageWaiver: orders.damageWaiver,
      taxExempt: orders.taxExempt,
      notes: orders.notes,
      tags: orders.tags,
      referralSource: orders.referralSource,
      couponCode: orders.couponCode,
      couponId: orders.couponId,
      coupon: orders.coupon,
      totals: orders.totals,
      totalCents: orders.totalCents,
      cancelReason: orders.cancelReason,
      signedTerms: orders.signedTerms,
      changesPendingSince: orders.changesPendingSince,
      createdAt: orders.createdAt,
      signed: sql<boolean>`exists (select 1 from ${documents} d where d.account_id = ${orders.accountId} and d.order_id = ${orders.id}
        and d.kind = 'contract' and d.status = 'signed')`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .limit(1);
  if (!row) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      productId: orderLines.productId,
      parentLineId: orderLines.parentLineId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitAmount: orderLines.unitPriceCents,
      reservedFrom: orderLines.reservedFrom,
      reservedUntil: orderLines.reservedUntil,
      custom: orderLines.custom,
      taxable: orderLines.taxable,
    })
    .from(orderLines)
    .where(and(eq(orderLines.accountId, accountId), eq(orderLines.orderId, orderId)))
    .orderBy(
      sql`case ${orderLines.kind} when 'product' then 0 when 'component' then 1 when 'fee' then 2 else 3 end`,
      // Fees by name, so a delivery window's surcharge follows the delivery fee it adds to.
      sql`case when ${orderLines.kind} = 'fee' then ${orderLines.description} end`,
      asc(orderLines.id),
    );
  const paid = await orderPaidTotals(db, accountId, orderId);
  const lineBodies = lines.map((l) => ({
    ...l,
    amount: l.unitAmount * l.quantity,
    explanation: null,
    reservedFrom: l.reservedFrom?.toISOString() ?? null,
    reservedUntil: l.reservedUntil?.toISOString() ?? null,
  }));
  // Orders from before totals were kept: their lines at face value, no tax.
  const totals =
    // A snapshot that does not read as totals (written by an older version) is recomputed.
    (orderTotalsSchema.safeParse(row.totals).data as OrderTotals | undefined) ??
    orderTotals({
      lines: lineBodies.flatMap((l): TotalsLine[] =>
        l.kind === 'product'
          ? [{ kind: 'product', amount: l.amount, taxable: false, securityDeposit: 0 }]
          : l.kind === 'fee'
            ? [{ kind: 'fee', fee: 'custom', amount: l.amount, taxable: false }]
            : [],
      ),
      settings: {
        ...DEFAULT_ORDER_SETTINGS,
        taxRateBps: 0,
        damageWaiver: { mode: 'off', percentBps: 0 },
        deposit: { mode: 'none' },
      },
      taxExempt: true,
      damageWaiverChosen: false,
      coupon: null,
      paid: paid.paid,
      refunded: paid.refunded,
      securityDepositPaid: paid.depositPaid,
      securityDepositRefunded: paid.depositRefunded,
    });
  // The balance moves with every payment: recomputed from the snapshot's total.
  const balance = totals.total - (paid.paid - paid.refunded);
  const {
    eventStart,
    eventEnd,
    holdExpiresAt,
    createdAt,
    totals: _,
    totalCents: __,
    signedTerms,
    changesPendingSince,
    ...rest
  } = row;
  const address = row.address
    ? {
        ...row.address,
        line2: row.address.line2 ?? null,
        lat: row.address.lat ?? null,
        lng: row.address.lng ?? null,
      }
    : null;
  const found = {
    ...rest,
    address,
    notes: { internal: row.notes?.internal ?? null, customer: row.notes?.customer ?? null },
    eventStart: (eventStart ?? new Date(`${row.eventDate}T15:00:00Z`)).toISOString(),
    eventEnd: (eventEnd ?? new Date(`${row.eventDate}T23:00:00Z`)).toISOString(),
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    signedTerms: signedTerms ?? null,
    changesPendingSince: changesPendingSince?.toISOString() ?? null,
    customer: { id: row.customerId, name: row.customerName },
    lines: lineBodies,
    totals: {
      ...totals,
      paid: paid.paid,
      refunded: paid.refunded,
      balance,
      paymentStatus: paymentStatusOf(totals.total, totals.depositDue, paid.paid - paid.refunded),
    },
    paymentStatus: paymentStatusOf(totals.total, totals.depositDue, paid.paid - paid.refunded),
  };
  // §4: what changed since the customer signed, the difference only; empty once approved.
  return {
    ...found,
    changesSinceSigned: signedTerms ? orderChanges(signedTerms, termsOf(found)) : [],
  };
}

/** The parts of an order the customer signs for (§4), to compare with what they signed. */
export function termsOf(order: {
  eventStart: string;
  eventEnd: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    region: string;
    postalCode: string;
  } | null;
  lines: { kind: string; description: string; quantity: number; amount: number }[];
  totals: { total: number };
}): SignedTerms {
  const a = order.address;
  return {
    eventStart: order.eventStart,
    eventEnd: order.eventEnd,
    address: a
      ? `${[a.line1, a.line2].filter(Boolean).join(', ')}, ${a.city}, ${a.region} ${a.postalCode}`
      : null,
    lines: order.lines
      .filter((l) => l.kind !== 'component')
      .map(({ description, quantity, amount }) => ({ description, quantity, amount })),
    total: order.totals.total,
  };
}

function paymentStatusOf(total: number, depositDue: number, net: number) {
  if (net <= 0) return 'unpaid' as const;
  if (net > total) return 'overpaid' as const;
  if (net === total) return 'paid' as const;
  if (depositDue > 0 && net >= depositDue) return 'deposit_paid' as const;
  return 'partially_paid' as const;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The orders list: by status (or what needs attention), search, dates, sorted and paged. */
export async function listOrders(db: Db, accountId: string, query: OrderListQuery, now: Date) {
  const term = query.search.trim().toLowerCase();
  const digits = term.replace(/\D/g, '');
  const words = term.split(/\s+/).filter(Boolean);
  const attention = sql`(
    (${orders.status} = 'hold' and ${orders.holdExpiresAt} < ${new Date(now.getTime() + 86_400_000)})
    or (${orders.status} in ('reserved', 'confirmed') and ${orders.eventStart} < ${new Date(now.getTime() + 7 * 86_400_000)}
      and ${orders.totalCents} > coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = ${orders.accountId} and p.order_id = ${orders.id} and p.of = 'rental'), 0))
    or ${orders.changesPendingSince} is not null
    or (${orders.status} in ('reserved', 'confirmed', 'out') and exists (select 1 from ${orderCardCharges} x
      where x.order_id = ${orders.id} and x.status = 'failed'
        and (x.kind = 'hold' or ${orders.totalCents} > coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = ${orders.accountId} and p.order_id = ${orders.id} and p.of = 'rental'), 0))))
    or (${orders.status} = 'reserved' and not exists (select 1 from ${documents} d where d.account_id = ${orders.accountId} and d.order_id = ${orders.id}
      and d.kind = 'contract' and d.status = 'signed')))`;
  const where = and(
    eq(orders.accountId, accountId),
    query.status === 'attention'
      ? attention
      : query.status
        ? eq(orders.status, query.status)
        : undefined,
    query.from ? sql`${orders.eventStart} >= ${new Date(query.from)}` : undefined,
    query.to ? sql`${orders.eventStart} < ${new Date(query.to)}` : undefined,
    query.createdFrom ? sql`${orders.createdAt} >= ${new Date(query.createdFrom)}` : undefined,
    // The customer's words and number go through the customers' trigram indexes (every word
    // in the name, e-mail or company; the digits in the phone); the address as typed.
    term
      ? sql`(${orders.number}::text = ${term.replace(/^#/, '')}
          or ${orders.customerId} in (select c.id from ${customers} c where c.account_id = ${accountId}
            and (${sql.join(
              words.map((w) => sql`c.search_text like ${`%${escapeLike(w)}%`}`),
              sql` and `,
            )}
            ${digits.length >= 4 ? sql`or c.phone_number like ${`%${digits}%`}` : sql``}))
          or lower(coalesce(${orders.address}->>'line1', '') || ' ' || coalesce(${orders.address}->>'city', '')) like ${`%${escapeLike(term)}%`})`
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const paidOf = sql`coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = ${orders.accountId} and p.order_id = ${orders.id} and p.of = 'rental'), 0)`;
  const sortColumn = {
    number: orders.number,
    eventStart: orders.eventStart,
    customerName: sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`,
    status: orders.status,
    total: orders.totalCents,
    balance: sql`${orders.totalCents} - ${paidOf}`,
    createdAt: orders.createdAt,
  }[query.sort];
  const paidSql =
    sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = ${orders.accountId} and p.order_id = ${orders.id} and p.of = 'rental'), 0)`.mapWith(
      Number,
    );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
        eventStart: orders.eventStart,
        total: orders.totalCents,
        paid: paidSql,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(direction(sortColumn), direction(orders.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        value: sql<number>`count(*)`.mapWith(Number),
        total: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(where),
  ]);
  return {
    orders: rows.map(({ paid, eventStart, ...r }) => ({
      ...r,
      eventStart: (eventStart ?? new Date(0)).toISOString(),
      balance: r.total - paid,
      paymentStatus: paymentStatusOf(r.total, 0, paid),
    })),
    total: count?.value ?? 0,
    totalAmount: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * §4 Calendar: the orders whose event overlaps [from, to) (cancelled ones left out), with what
 * the calendar colours, moves and prints. Two queries: the orders (by the account's event index)
 * and their product lines.
 */
export async function calendarOrders(db: Db, accountId: string, query: OrderCalendarQuery) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      eventStart: orders.eventStart,
      eventEnd: orders.eventEnd,
      fulfilment: orders.fulfilment,
      deliveryWindow: orders.deliveryWindow,
      pickupWindow: orders.pickupWindow,
      address: orders.address,
      surfaceId: orders.surfaceId,
      damageWaiver: orders.damageWaiver,
      taxExempt: orders.taxExempt,
      total: orders.totalCents,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.accountId, accountId),
        ne(orders.status, 'cancelled'),
        // Starts before the range ends, within the longest event we show (a week) before it.
        sql`${orders.eventStart} < ${new Date(query.to)}`,
        sql`${orders.eventStart} >= ${new Date(Date.parse(query.from) - 7 * 86_400_000)}`,
        sql`${orders.eventEnd} > ${new Date(query.from)}`,
      ),
    )
    .orderBy(asc(orders.eventStart), asc(orders.number))
    .limit(2_000);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { orders: [] };
  // What was paid and what is signed, for these orders at once (not one subquery per order).
  const [paidRows, signedRows, lines] = await Promise.all([
    db
      .select({
        orderId: payments.orderId,
        paid: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.accountId, accountId),
          inArray(payments.orderId, ids),
          eq(payments.of, 'rental'),
        ),
      )
      .groupBy(payments.orderId),
    db
      .selectDistinct({ orderId: documents.orderId })
      .from(documents)
      .where(
        and(
          eq(documents.accountId, accountId),
          inArray(documents.orderId, ids),
          eq(documents.kind, 'contract'),
          eq(documents.status, 'signed'),
        ),
      ),
    db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        name: orderLines.description,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.accountId, accountId),
          inArray(orderLines.orderId, ids),
          eq(orderLines.kind, 'product'),
        ),
      )
      .orderBy(asc(orderLines.id)),
  ]);
  const paidOf = new Map(paidRows.map((p) => [p.orderId, p.paid]));
  const signed = new Set(signedRows.map((d) => d.orderId));
  const linesOf = new Map<string, { productId: string; name: string; quantity: number }[]>();
  for (const l of lines) {
    if (!l.productId) continue;
    const list = linesOf.get(l.orderId) ?? [];
    list.push({ productId: l.productId, name: l.name, quantity: l.quantity });
    linesOf.set(l.orderId, list);
  }
  return {
    orders: rows.map(({ address, eventStart, eventEnd, ...r }) => ({
      ...r,
      eventStart: (eventStart ?? new Date(0)).toISOString(),
      eventEnd: (eventEnd ?? new Date(0)).toISOString(),
      place: address ? `${address.line1}, ${address.city}` : null,
      balance: r.total - (paidOf.get(r.id) ?? 0),
      signed: signed.has(r.id),
      lines: linesOf.get(r.id) ?? [],
    })),
  };
}

/** §10: the referral source of an order a shopper placed in the online store. */
export const STORE_REFERRAL_SOURCE = 'Online store';

/**
 * §4's other automatic moves, each one UPDATE (so once per order however many run): a hold or
 * reserved order signed with its booking deposit paid is confirmed; a store booking (§10) still
 * held, its deposit paid by card, is reserved (confirmed once signed); a returned order with
 * nothing due and its security deposit settled is completed. Staff and the customer's page
 * move orders at once; this catches what a payment or a refund made true (for one order right
 * after it, and for all of them each minute).
 */
export async function settleOrders(
  db: Db,
  now: Date,
  onlyOrderId: string | null = null,
): Promise<string[]> {
  // By account and order: read from payments_order_money_idx.
  const rental = sql.raw(`coalesce((select sum(p.amount_cents) from payments p
    where p.account_id = o.account_id and p.order_id = o.id and p.of = 'rental'), 0)`);
  const deposit = sql.raw(`coalesce((select sum(p.amount_cents) from payments p
    where p.account_id = o.account_id and p.order_id = o.id and p.of = 'deposit'), 0)`);
  const signed = sql.raw(`select 1 from documents d
    where d.account_id = o.account_id and d.order_id = o.id
      and d.kind = 'contract' and d.status = 'signed'`);
  const rows = await queryRows<{ id: string; account_id: string }>(
    db,
    sql`with moved as (
        update orders o set
          status = case when o.status = 'returned' then 'completed'
            when not exists (${signed}) then 'reserved' else 'confirmed' end,
          hold_expires_at = null, updated_at = ${now}
        where (${onlyOrderId}::uuid is null or o.id = ${onlyOrderId}::uuid) and ((
            o.status in ('hold', 'reserved')
            and (o.status <> 'hold' or o.hold_expires_at > ${now})
            and exists (${signed})
            and ${rental} >= coalesce((o.totals->>'depositDue')::integer, 0)
          ) or (
            o.status = 'hold' and o.hold_expires_at > ${now}
            and o.referral_source = ${STORE_REFERRAL_SOURCE}
            and ${rental} > 0
            and ${rental} >= coalesce((o.totals->>'depositDue')::integer, 0)
          ) or (
            o.status = 'returned'
            and ${rental} = coalesce((o.totals->>'total')::integer, o.total_cents)
            and ${deposit} = 0
          ))
        returning o.id, o.account_id, o.status)
      insert into order_activity (account_id, order_id, action, detail)
        select account_id, id, 'status', jsonb_build_object('to', status,
          'reason', case when status = 'completed' then 'Settled'
            when status = 'reserved' then 'Booked online and the deposit paid'
            else 'Signed and the deposit paid' end)
        from moved
      returning order_id as id, account_id`,
  );
  for (const row of rows)
    await publish(db, row.account_id, { type: 'order.updated', orderId: row.id });
  return rows.map((r) => r.id);
}

/** The order a customer-page token opens (a live link), or null. */
export async function byToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db
    .select({ accountId: orderLinks.accountId, orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(and(eq(orderLinks.token, token), isNull(orderLinks.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The order's live customer-page token, or null when it has none (staff have not shared it). */
export async function liveOrderToken(db: Db, accountId: string, orderId: string) {
  const [row] = await db
    .select({ token: orderLinks.token })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.accountId, accountId),
        eq(orderLinks.orderId, orderId),
        isNull(orderLinks.revokedAt),
      ),
    )
    .limit(1);
  return row?.token ?? null;
}

/**
 * The order's customer-page address, made on first ask (one live link per order: the order
 * row is locked while it looks). A page first opened without its rental agreement renders it
 * then (customer-page.ts), so a link made here reads the same as one staff share.
 */
export async function ensureOrderPageUrl(
  db: Db,
  accountId: string,
  orderId: string,
  appUrl: string,
): Promise<string | null> {
  const base = appUrl.replace(/\/$/, '');
  const token =
    (await liveOrderToken(db, accountId, orderId)) ??
    (await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!(await lockOrder(tx, accountId, orderId))) return null;
      const live = await liveOrderToken(tx, accountId, orderId);
      if (live) return live;
      const made = randomBytes(24).toString('base64url');
      await tx.insert(orderLinks).values({ accountId, orderId, token: made });
      return made;
    }));
  return token ? `${base}/o/${token}` : null;
}

/**
 * An entry in the order's activity log written by another feature (card payments: an
 * automatic charge, a hold placed, captured or released), with no staff member behind it.
 */
export async function addOrderActivity(
  db: Db,
  accountId: string,
  orderId: string,
  action: string,
  detail: Record<string, unknown>,
  userId: string | null = null,
) {
  await db.insert(orderActivity).values({ accountId, orderId, userId, action, detail });
}

/**
 * What the customer's page says about a saved card: the one on file (brand and last four
 * only), and whether the account charges saved cards on its own (autopay or deposit holds).
 */
export async function customerCardOnFile(db: Db, accountId: string, customerId: string) {
  const [card] = await db
    .select({ brand: cardsOnFile.brand, last4: cardsOnFile.last4 })
    .from(cardsOnFile)
    .where(and(eq(cardsOnFile.accountId, accountId), eq(cardsOnFile.customerId, customerId)))
    .limit(1);
  const [row] = await queryRows<{
    autopay: boolean | null;
    hold: boolean | null;
    days: number | null;
  }>(
    db,
    sql`select (settings->'payments'->'autopay'->>'enabled')::boolean as autopay,
        (settings->'payments'->'securityDepositHold'->>'enabled')::boolean as hold,
        (settings->'payments'->'autopay'->>'daysBefore')::int as days
      from accounts where id = ${accountId}`,
  );
  return {
    card: card ?? null,
    autopay: row?.autopay === true,
    autopayDays: row?.days ?? 3,
    holds: row?.hold === true,
  };
}

// A selected order row's rental money paid and whether it is signed (the caller card and the
// thread's links read both). Drizzle leaves a single table's columns unqualified, so the
// subqueries name it.
const rentalPaidOfRow = () =>
  sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p
    where p.account_id = "orders"."account_id" and p.order_id = "orders"."id"
      and p.of = 'rental'), 0)`.mapWith(Number);
const signedOfRow = () =>
  sql<boolean>`("orders"."signed_terms" is not null or exists (select 1 from ${documents} d
    where d.order_id = "orders"."id" and d.kind = 'contract' and d.status = 'signed'))`;

/**
 * Issue 24 item 1, the caller card: a customer's next booked order (its event from `today` on,
 * the account's day; with none ahead, the latest booking with a balance due) with its product
 * lines, their drafts, quotes and holds still ahead, and the sum of their bookings' totals
 * (lifetime value). Cancelled orders count nowhere. Money is all here: the caller decides who
 * sees it.
 */
export async function callerCardOrders(
  db: Db,
  accountId: string,
  customerId: string,
  today: string,
) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      eventDate: orders.eventDate,
      eventStart: orders.eventStart,
      eventEnd: orders.eventEnd,
      fulfilment: orders.fulfilment,
      address: orders.address,
      deliveryWindow: orders.deliveryWindow,
      holdExpiresAt: orders.holdExpiresAt,
      total: orders.totalCents,
      paid: rentalPaidOfRow(),
      signed: signedOfRow(),
      surface: sql<string | null>`(select s.name from surfaces s
        where s.id = "orders"."surface_id" and s.account_id = "orders"."account_id")`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.customerId, customerId),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(orders.eventDate), asc(orders.number));
  const isBooked = (status: string) =>
    (BOOKED_ORDER_STATUSES as readonly string[]).includes(status);
  const booked = rows.filter((r) => isBooked(r.status));
  const order =
    booked.find((r) => r.eventDate >= today) ??
    booked.findLast((r) => r.total - r.paid > 0) ??
    null;
  const items = order
    ? await db
        .select({ description: orderLines.description, quantity: orderLines.quantity })
        .from(orderLines)
        .where(
          and(
            eq(orderLines.accountId, accountId),
            eq(orderLines.orderId, order.id),
            eq(orderLines.kind, 'product'),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  const startOf = (r: (typeof rows)[number]) =>
    (r.eventStart ?? new Date(`${r.eventDate}T15:00:00Z`)).toISOString();
  return {
    order: order && {
      id: order.id,
      number: order.number,
      status: order.status,
      eventStart: startOf(order),
      eventEnd: (order.eventEnd ?? new Date(`${order.eventDate}T23:00:00Z`)).toISOString(),
      fulfilment: order.fulfilment,
      items,
      signed: order.signed,
      balanceDue: order.total - order.paid,
      deliveryWindow: order.deliveryWindow ?? null,
      surface: order.surface,
      addressLine2: order.address?.line2?.trim() || null,
    },
    quotes: rows
      .filter((r) => ['draft', 'quote', 'hold'].includes(r.status) && r.eventDate >= today)
      .map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        eventStart: startOf(r),
        holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null,
        total: r.total,
      })),
    lifetimeValue: booked.reduce((sum, r) => sum + r.total, 0),
  };
}

/**
 * Issue 24 item 3: the customer's orders a texted link fits (not cancelled; money still due,
 * or not completed and the event ahead), soonest first, with what waits on the customer: the
 * contract's signature, the changes' approval, the balance.
 */
export async function threadLinkOrders(
  db: Db,
  accountId: string,
  customerId: string,
  /** The account's today; null with `orderId`: that order whatever its date. */
  today: string | null,
  orderId?: string,
) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      eventDate: orders.eventDate,
      eventStart: orders.eventStart,
      total: orders.totalCents,
      paid: rentalPaidOfRow(),
      signed: signedOfRow(),
      changesPending: sql<boolean>`"orders"."changes_pending_since" is not null`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.customerId, customerId),
        ne(orders.status, 'cancelled'),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .orderBy(asc(orders.eventDate), asc(orders.number));
  return rows
    .filter(
      (r) =>
        r.total - r.paid > 0 ||
        (r.status !== 'completed' && (today === null || r.eventDate >= today)),
    )
    .slice(0, 10)
    .map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      eventStart: (r.eventStart ?? new Date(`${r.eventDate}T15:00:00Z`)).toISOString(),
      balanceDue: r.total - r.paid,
      awaitingSignature: !r.signed && isSignableOrderStatus(r.status),
      awaitingApproval: r.changesPending,
    }));
}

/**
 * Issue 24 item 3: what the customer did on their orders' links (paid, signed, approved), the
 * newest `limit`, from the orders' activity (each written in the act's own transaction).
 */
export async function customerLinkActivity(
  db: Db,
  accountId: string,
  customerId: string,
  actions: readonly string[],
  limit = 50,
) {
  const rows = await db
    .select({
      id: orderActivity.id,
      action: orderActivity.action,
      detail: orderActivity.detail,
      createdAt: orderActivity.createdAt,
      orderId: orders.id,
      orderNumber: orders.number,
    })
    .from(orderActivity)
    .innerJoin(
      orders,
      and(eq(orders.id, orderActivity.orderId), eq(orders.accountId, orderActivity.accountId)),
    )
    .where(
      and(
        eq(orderActivity.accountId, accountId),
        eq(orders.customerId, customerId),
        inArray(orderActivity.action, [...actions]),
      ),
    )
    .orderBy(desc(orderActivity.createdAt))
    .limit(limit);
  return rows.reverse();
}

/**
 * back-office spec §7.2 (the Delivery Manager's read): the orders with delivery that hold or book
 * stock (hold, reserved, confirmed, out, returned, completed) whose event starts or ends within
 * [from, to), with their product lines' quantities and the products' setup minutes and crew size.
 * The delivery feature derives the day's stops from them (decision 0040).
 */
export async function deliveryOrdersBetween(db: Db, accountId: string, from: Date, to: Date) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      eventStart: orders.eventStart,
      eventEnd: orders.eventEnd,
      address: orders.address,
      deliveryWindow: orders.deliveryWindow,
      pickupWindow: orders.pickupWindow,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.fulfilment, 'delivery'),
        inArray(orders.status, ['hold', 'reserved', 'confirmed', 'out', 'returned', 'completed']),
        sql`${orders.eventStart} is not null and ${orders.eventEnd} is not null`,
        sql`((${orders.eventStart} >= ${from} and ${orders.eventStart} < ${to}) or (${orders.eventEnd} >= ${from} and ${orders.eventEnd} < ${to}))`,
      ),
    )
    .orderBy(asc(orders.eventStart), asc(orders.number))
    .limit(2_000);
  const ids = rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            quantity: orderLines.quantity,
            setupMinutes:
              sql<number>`coalesce((select p.setup_minutes from products p where p.id = ${orderLines.productId}), 0)`.mapWith(
                Number,
              ),
            crewSize:
              sql<number>`coalesce((select p.crew_size from products p where p.id = ${orderLines.productId}), 1)`.mapWith(
                Number,
              ),
          })
          .from(orderLines)
          .where(
            and(
              eq(orderLines.accountId, accountId),
              inArray(orderLines.orderId, ids),
              eq(orderLines.kind, 'product'),
            ),
          );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    customerName: r.customerName,
    eventStart: (r.eventStart ?? new Date(0)).toISOString(),
    eventEnd: (r.eventEnd ?? new Date(0)).toISOString(),
    address: r.address ?? null,
    deliveryWindow: r.deliveryWindow ?? null,
    pickupWindow: r.pickupWindow ?? null,
    lines: lines
      .filter((l) => l.orderId === r.id)
      .map(({ quantity, setupMinutes, crewSize }) => ({ quantity, setupMinutes, crewSize })),
  }));
}

/**
 * back-office spec §7.4 (decision 0043): what a crew needs at these orders' stops and on the
 * load list, and nothing about money: the customer's number, the notes for the customer's
 * order, the gate code (the address's second line, where the editor keeps it), and the product
 * lines with the components each brought along.
 */
export async function deliveryStopDetails(db: Db, accountId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      phoneNumber: customers.phoneNumber,
      notes: orders.notes,
      address: orders.address,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.accountId, accountId), inArray(orders.id, orderIds)));
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      kind: orderLines.kind,
      parentLineId: orderLines.parentLineId,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.accountId, accountId),
        inArray(orderLines.orderId, orderIds),
        inArray(orderLines.kind, ['product', 'component']),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((r) => {
    const mine = lines.filter((l) => l.orderId === r.id);
    return {
      orderId: r.id,
      phoneNumber: r.phoneNumber ?? null,
      notes: r.notes?.customer?.trim() || null,
      gateCode: r.address?.line2?.trim() || null,
      items: mine
        .filter((l) => l.kind === 'product' && l.quantity > 0)
        .map((l) => ({
          description: l.description,
          quantity: l.quantity,
          components: mine
            .filter((c) => c.kind === 'component' && c.parentLineId === l.id && c.quantity > 0)
            .map((c) => ({ description: c.description, quantity: c.quantity })),
        })),
      /** The product lines themselves, to say which units came back damaged or missing. */
      lines: mine
        .filter((l) => l.kind === 'product' && l.quantity > 0 && l.productId)
        .map((l) => ({
          lineId: l.id,
          productId: l.productId as string,
          description: l.description,
          quantity: l.quantity,
        })),
    };
  });
}

/**
 * §11 "turned away": a request refused for want of stock, one row per product short, from the
 * order editor or the online store. Written after the refusal's rollback, so it is kept.
 */
export async function recordTurnedAway(
  db: Db,
  accountId: string,
  source: 'editor' | 'store',
  shortages: readonly { productId: string; requested: number; available: number }[],
  now: Date,
) {
  if (shortages.length === 0) return;
  await db.insert(availabilityMisses).values(
    shortages.map((s) => ({
      accountId,
      productId: s.productId,
      source,
      requested: s.requested,
      available: Math.max(0, s.available),
      createdAt: now,
    })),
  );
}

/**
 * The account's completed delivered parties with a delivery window and a pinned address: the
 * delivery seed's history (what crews did on those days).
 */
export async function pastDeliveries(db: Db, accountId: string) {
  return db
    .select({
      id: orders.id,
      eventEnd: orders.eventEnd,
      address: orders.address,
      deliveryWindow: orders.deliveryWindow,
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.status, 'completed'),
        eq(orders.fulfilment, 'delivery'),
        sql`${orders.deliveryWindow} is not null`,
      ),
    )
    .orderBy(asc(orders.eventStart), asc(orders.number));
}
