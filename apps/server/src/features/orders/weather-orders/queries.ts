import {
  findShortages,
  orderPreviewRequestSchema,
  reservedRange,
  shiftLocalDays,
} from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { AppError } from '../../../http/app-error.js';
import { loadCatalog, stockFacts } from '../../inventory/queries.js';
import { blackoutsHitting } from '../../schedule/queries.js';
import { findOrder, orderPaidTotals } from '../queries.js';
import { type Actor, changeOrder, previewOrder, transitionOrder } from '../service.js';

/**
 * The orders feature's surface for the weather board (issue 24 item 6): the orders a forecast
 * is checked for, the next date an order's items are free, and the two changes a customer's
 * reply makes, through the same functions the order editor uses (availability under the
 * order's and the products' locks, totals recomputed, booking rules, blackouts, the delivery
 * day's cap, the cancellation's money), as the customer, who holds no permission: nothing is
 * overridden by a reply.
 */

/** The customer answering a weather offer: may cancel their own order (as §4's policy allows). */
const CUSTOMER: Actor = { userId: null, roles: [], can: (p) => p === 'order.cancel' };

/** The statuses a weather check looks at: booked, not yet out of the door. */
const BOOKED = ['reserved', 'confirmed'] as const;

export type WeatherCandidate = {
  orderId: string;
  number: number;
  status: string;
  customerName: string;
  customerPhone: string | null;
  eventStart: Date;
  eventEnd: Date;
  address: string;
  /** The address's parts, for a geocoder when it has no pin. */
  place: { line1: string; city: string; region: string; postalCode: string };
  /** The pin staff placed (decision 0053); null: the address is located when checked. */
  pin: { lat: number; lng: number } | null;
  totalCents: number;
  productIds: string[];
};

/**
 * Booked delivery orders with an address whose event starts in [from, to) (the forecast is for
 * a place): with their customer, pin, address and items. `unplaced`: those with no address.
 */
export async function weatherCandidates(
  db: Db,
  accountId: string,
  from: Date,
  to: Date,
): Promise<{ candidates: WeatherCandidate[]; unplaced: number }> {
  const rows = await queryRows<{
    id: string;
    number: number;
    status: string;
    customer_name: string;
    phone_number: string | null;
    event_start: string | Date;
    event_end: string | Date;
    address: {
      line1: string;
      city: string;
      region: string;
      postalCode: string;
      lat?: number | null;
      lng?: number | null;
    } | null;
    total_cents: number;
    product_ids: string[] | null;
  }>(
    db,
    sql`select o.id, o.number, o.status, c.first_name || ' ' || c.last_name as customer_name,
        c.phone_number, o.event_start, o.event_end, o.address, o.total_cents,
        array(select distinct l.product_id from order_lines l
          where l.account_id = o.account_id and l.order_id = o.id and l.kind = 'product' and l.product_id is not null) as product_ids
      from orders o join customers c on c.id = o.customer_id
      where o.account_id = ${accountId} and o.fulfilment = 'delivery'
        and o.status in ('reserved', 'confirmed')
        and o.event_start >= ${from} and o.event_start < ${to}
      order by o.event_start, o.number`,
  );
  let unplaced = 0;
  const candidates: WeatherCandidate[] = [];
  for (const r of rows) {
    if (!r.address) {
      unplaced += 1;
      continue;
    }
    const { lat, lng } = r.address;
    candidates.push({
      orderId: r.id,
      number: r.number,
      status: r.status,
      customerName: r.customer_name,
      customerPhone: r.phone_number,
      eventStart: new Date(r.event_start),
      eventEnd: new Date(r.event_end),
      address: `${r.address.line1}, ${r.address.city}, ${r.address.region} ${r.address.postalCode}`,
      place: {
        line1: r.address.line1,
        city: r.address.city,
        region: r.address.region,
        postalCode: r.address.postalCode,
      },
      pin: typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null,
      totalCents: r.total_cents,
      productIds: r.product_ids ?? [],
    });
  }
  return { candidates, unplaced };
}

/** Accounts with a booked delivery starting in [from, to): the ones a scheduled check visits. */
export async function accountsWithDeliveriesBetween(db: Db, from: Date, to: Date) {
  const rows = await queryRows<{ account_id: string; timezone: string | null }>(
    db,
    sql`select a.id as account_id, a.settings->>'timezone' as timezone from accounts a
      where exists (select 1 from orders o where o.account_id = a.id and o.fulfilment = 'delivery'
        and o.status in ('reserved', 'confirmed') and o.event_start >= ${from} and o.event_start < ${to})`,
  );
  return rows.map((r) => ({ accountId: r.account_id, timeZone: r.timezone }));
}

/** The order as a reply needs it: its status, dates, windows and what the customer has paid. */
async function orderForMove(db: Db, accountId: string, orderId: string) {
  const order = await findOrder(db, accountId, orderId);
  if (!order) return null;
  return order;
}

/** The rental money a rain-check credit would give (what the customer has paid, net). */
export async function rainCheckCents(db: Db, accountId: string, orderId: string) {
  const paid = await orderPaidTotals(db, accountId, orderId);
  return Math.max(0, paid.paid - paid.refunded);
}

/**
 * The first of the next `maxDays` days (same local times) on which every item of the order is
 * free (its own holding aside) and no hard blackout falls: the offer's "move to" date, and what
 * the order would cost then. Null when none is. The move itself checks again, under the locks.
 */
export async function nextFreeDate(
  db: Db,
  accountId: string,
  orderId: string,
  timeZone: string,
  now: Date,
  maxDays = 14,
): Promise<{ eventStart: string; eventEnd: string; days: number; totalCents: number } | null> {
  const order = await orderForMove(db, accountId, orderId);
  if (!order || !(BOOKED as readonly string[]).includes(order.status)) return null;
  const lines = order.lines.filter((l) => l.kind === 'product' && l.productId);
  const catalog = await loadCatalog(
    db,
    accountId,
    lines.map((l) => l.productId as string),
  );
  for (let days = 1; days <= maxDays; days += 1) {
    const eventStart = shiftLocalDays(order.eventStart, days, timeZone);
    const eventEnd = shiftLocalDays(order.eventEnd, days, timeZone);
    const times = { eventStart: Date.parse(eventStart), eventEnd: Date.parse(eventEnd) };
    const request = lines.flatMap((l) => {
      const product = catalog.get(l.productId as string);
      return product
        ? [{ productId: product.id, quantity: l.quantity, range: reservedRange(times, product) }]
        : [];
    });
    if (request.length > 0) {
      const facts = await stockFacts(
        db,
        accountId,
        catalog,
        {
          from: Math.min(...request.map((r) => r.range.from)),
          until: Math.max(...request.map((r) => r.range.until)),
        },
        { excludeOrderId: orderId, now },
      );
      if (findShortages(request, catalog, facts, order.surfaceId).length > 0) continue;
    }
    const blackouts = await blackoutsHitting(db, accountId, {
      eventStart,
      eventEnd,
      productIds: lines.map((l) => l.productId as string),
    });
    if (blackouts.some((b) => b.kind === 'hard')) continue;
    const preview = await previewOrder(
      db,
      accountId,
      orderPreviewRequestSchema.parse({
        orderId,
        customerId: order.customer.id,
        fulfilment: order.fulfilment,
        address: order.address,
        deliveryWindow: order.deliveryWindow && shiftWindow(order.deliveryWindow, days, timeZone),
        eventStart,
        eventEnd,
        surfaceId: order.surfaceId,
        lines: lines.map((l) => ({ productId: l.productId as string, quantity: l.quantity })),
        couponCode: order.couponCode,
        fees: order.lines
          .filter((l) => l.custom && l.kind === 'fee')
          .map((l) => ({
            description: l.description,
            amount: l.amount,
            taxable: l.taxable ?? true,
          })),
        discounts: order.lines
          .filter((l) => l.custom && l.kind === 'discount')
          .map((l) => ({ description: l.description, amount: Math.abs(l.amount) })),
        damageWaiver: order.damageWaiver,
        taxExempt: order.taxExempt,
      }),
      CUSTOMER,
      now,
    );
    return { eventStart, eventEnd, days, totalCents: preview.totals.total };
  }
  return null;
}

const shiftWindow = (w: { start: string; end: string }, days: number, timeZone: string) => ({
  start: shiftLocalDays(w.start, days, timeZone),
  end: shiftLocalDays(w.end, days, timeZone),
});

export type MoveOutcome =
  | { moved: true; fromTotal: number; toTotal: number; balance: number }
  | { moved: false; reason: string };

/**
 * A reply "2": the order moves `days` local days later (event, delivery and pickup windows),
 * through the order editor's change, which re-checks the stock under the same locks, takes the
 * new delivery day's place and recomputes the totals (payments stay; the balance moves). The
 * crews' routes follow: the old day's saved stop is no longer derived and drops out, the new
 * day lists it to plan. A refusal (taken meanwhile, a blackout, a full day) moves nothing.
 */
export async function moveOrderForWeather(
  db: Db,
  accountId: string,
  orderId: string,
  expected: { eventStart: string; to: string },
  days: number,
  timeZone: string,
  now: Date,
): Promise<MoveOutcome> {
  const order = await orderForMove(db, accountId, orderId);
  if (!order || !(BOOKED as readonly string[]).includes(order.status))
    return { moved: false, reason: 'The order is no longer booked.' };
  // A retry after the move committed (the process stopped before the offer said so).
  if (Date.parse(order.eventStart) === Date.parse(expected.to))
    return {
      moved: true,
      fromTotal: order.totals.total,
      toTotal: order.totals.total,
      balance: order.totals.balance,
    };
  // Someone moved it by hand since the offer: the offer's date is no longer the one asked about.
  if (Date.parse(order.eventStart) !== Date.parse(expected.eventStart))
    return { moved: false, reason: 'The order was changed since the offer.' };
  try {
    const changed = await changeOrder(
      db,
      accountId,
      orderId,
      {
        eventStart: shiftLocalDays(order.eventStart, days, timeZone),
        eventEnd: shiftLocalDays(order.eventEnd, days, timeZone),
        ...(order.deliveryWindow
          ? { deliveryWindow: shiftWindow(order.deliveryWindow, days, timeZone) }
          : {}),
        ...(order.pickupWindow
          ? { pickupWindow: shiftWindow(order.pickupWindow, days, timeZone) }
          : {}),
      },
      CUSTOMER,
      now,
    );
    return {
      moved: true,
      fromTotal: order.totals.total,
      toTotal: changed.totals.total,
      balance: changed.totals.balance,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 409)
      return { moved: false, reason: error.message };
    throw error;
  }
}

/**
 * A reply "3": the order is cancelled the way staff cancel one (§4), the rental money paid
 * turned into store credit (the rain check, decision 0030); the security deposit goes back.
 */
export async function cancelForWeather(
  db: Db,
  accountId: string,
  orderId: string,
  reason: string,
  now: Date,
): Promise<{ cancelled: true } | { cancelled: false; reason: string }> {
  try {
    await transitionOrder(
      db,
      accountId,
      orderId,
      { to: 'cancelled', reason, money: 'store_credit' },
      CUSTOMER,
      now,
    );
    return { cancelled: true };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { cancelled: false, reason: error.message };
    throw error;
  }
}
