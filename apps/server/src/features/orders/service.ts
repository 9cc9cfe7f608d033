import {
  bookingRuleIssues,
  type CancelMoneyChoice,
  type Coupon,
  type CouponRules,
  checkTransition,
  DEFAULT_ORDER_SETTINGS,
  HOLD_DURATION_MS,
  holdsStock,
  type LocatedBy,
  linePrice,
  localDate,
  type OrderSettings,
  type OrderStatus,
  type orderInputSchema,
  type orderPatchSchema,
  type orderPreviewRequestSchema,
  orderSettingsSchema,
  orderTotals,
  surfaceFee,
  type TotalsLine,
} from '@tentpole/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueue } from '../../jobs/job-queue.js';
import { publish } from '../../realtime/event-hub.js';
import { accountTimezone } from '../accounts/queries.js';
import { checkOrderCoupon, findCouponByCode, lockCoupon } from '../coupons/queries.js';
import { findCustomer } from '../customers/queries.js';
import { quoteDelivery } from '../delivery/queries.js';
import { OPEN_DOWNTIME_JOB, type OpenDowntimePayload, pricingFacts } from '../inventory/queries.js';
import { settleCancellation } from '../payments/queries.js';
import { type BlackoutHitting, blackoutsHitting, scheduleOf } from '../schedule/queries.js';
import { findOrder, lockOrder, orderPaidTotals, STORE_REFERRAL_SOURCE } from './queries.js';
import { writeHoldingLines } from './reservations.js';
import { orderActivity, orderLines, orders } from './tables.js';

type OrderInput = z.output<typeof orderInputSchema>;
type OrderPatch = z.output<typeof orderPatchSchema>;

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

export type Actor = {
  /** null: the customer (their order page) or the system. */
  userId: string | null;
  roles: readonly string[];
  can: (p: string) => boolean;
};

export async function orderSettings(db: Db, accountId: string): Promise<OrderSettings> {
  const [row] = await db
    .select({ settings: sql<unknown>`${accounts.settings}->'orders'` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const parsed = orderSettingsSchema.safeParse(row?.settings ?? {});
  return parsed.success ? parsed.data : DEFAULT_ORDER_SETTINGS;
}

/**
 * §4's custom fee and manual discount lines: what a save sends, or what the order already has.
 * `discountsKept`: the discounts are the order's own, unchanged (no permission asked again).
 */
type Adjustments = {
  fees: { description: string; amount: number; taxable: boolean }[];
  discounts: { description: string; amount: number }[];
  discountsKept?: boolean;
};

/** A patch's fees and discounts over the order's own; the discounts kept when unchanged. */
function adjustmentsChanged(
  current: Adjustments,
  patch: {
    fees?: Adjustments['fees'] | undefined;
    discounts?: Adjustments['discounts'] | undefined;
  },
): Adjustments {
  const discounts = patch.discounts ?? current.discounts;
  return {
    fees: patch.fees ?? current.fees,
    discounts,
    discountsKept: JSON.stringify(discounts) === JSON.stringify(current.discounts),
  };
}

/** The custom fees and manual discounts a stored order has. */
function adjustmentsOf(order: {
  lines: {
    kind: string;
    custom: boolean;
    taxable: boolean | null;
    description: string;
    amount: number;
  }[];
}): Adjustments {
  const custom = order.lines.filter((l) => l.custom);
  return {
    fees: custom
      .filter((l) => l.kind === 'fee')
      .map((l) => ({ description: l.description, amount: l.amount, taxable: l.taxable ?? true })),
    discounts: custom
      .filter((l) => l.kind === 'discount')
      .map((l) => ({ description: l.description, amount: Math.abs(l.amount) })),
    discountsKept: true,
  };
}

/**
 * §9: the coupon an order is priced with: its rules as they were when it was applied (a later
 * edit of the coupon changes nothing), who uses it and on which order.
 */
export type OrderCoupon = {
  couponId: string | null;
  rules: CouponRules;
  customerId: string | null;
  /** null: an order not saved yet. */
  orderId: string | null;
  /** When the order was made: a coupon "by booking date" is checked on that day. */
  bookedAt: Date;
  /** Where it is used (§9 channel): the online store, or staff (the default). */
  channel?: 'store' | 'staff';
};

const UNKNOWN_COUPON = 'No coupon has this code';

/**
 * The coupon a save asks for: the order's own when the code is the one it already uses (its
 * rules kept), else the account's coupon with that code (a field error when there is none).
 */
async function couponFor(
  db: Db,
  accountId: string,
  code: string | null,
  current: { couponId: string | null; coupon: CouponRules | null } | null,
  base: Omit<OrderCoupon, 'couponId' | 'rules'>,
): Promise<OrderCoupon | null> {
  if (!code) return null;
  if (current?.coupon && current.coupon.code === code.trim().toUpperCase())
    return { ...base, couponId: current.couponId, rules: current.coupon };
  const found = await findCouponByCode(db, accountId, code);
  if (!found) throw invalid({ couponCode: [UNKNOWN_COUPON] });
  return { ...base, couponId: found.id, rules: found.rules };
}

/**
 * Prices an order: each product line by its product's pricing over the event, the surface's
 * fees, and the totals by the domain's one function. Refuses products that are not the
 * account's and products the surface does not allow.
 */
async function priceOrder(
  db: Db,
  accountId: string,
  input: Pick<
    OrderInput,
    'eventStart' | 'eventEnd' | 'lines' | 'surfaceId' | 'damageWaiver' | 'taxExempt'
  > &
    Adjustments &
    Partial<Pick<OrderInput, 'fulfilment' | 'address' | 'deliveryWindow'>>,
  actor: Actor,
  paid: { paid: number; refunded: number; depositPaid: number; depositRefunded: number },
  coupon: OrderCoupon | null = null,
) {
  const timeZone = await accountTimezone(db, accountId);
  const settings = await orderSettings(db, accountId);
  const facts = await pricingFacts(
    db,
    accountId,
    input.lines.map((l) => l.productId),
    input.surfaceId ?? null,
  );
  const fields: Record<string, string[]> = {};
  const period = {
    start: Date.parse(input.eventStart),
    end: Date.parse(input.eventEnd),
    timeZone,
  };
  const priced = input.lines.map((line, i) => {
    const product = facts.get(line.productId);
    if (!product) {
      fields[`lines.${i}.productId`] = ['Unknown product'];
      return null;
    }
    if (product.surfaceRule?.allowed === 'no')
      fields[`lines.${i}.productId`] = [`${product.name} cannot be set up on this surface`];
    const price = linePrice(product.pricing, period, line.quantity);
    if (line.manualPrice != null && !actor.can('order.override'))
      fields[`lines.${i}.manualPrice`] = ['Changing a price needs the order.override permission'];
    const unitAmount = line.manualPrice ?? price.unitAmount;
    return {
      product,
      line,
      unitAmount,
      amount: unitAmount * line.quantity,
      explanation: line.manualPrice != null ? 'Manual price' : price.explanation,
    };
  });
  // A manual discount is a change of price: it needs order.override, as a manual price does
  // (one already on the order is kept through a change by anyone who may edit it).
  if (input.discounts.length > 0 && !input.discountsKept && !actor.can('order.override'))
    fields.discounts = ['Giving a discount needs the order.override permission'];
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const lines = priced.filter((p): p is NonNullable<typeof p> => p !== null);
  const delivery = await deliveryQuote(db, accountId, input);
  const fees: {
    fee: 'surface' | 'delivery';
    description: string;
    amount: number;
    taxable: boolean;
  }[] = [
    ...lines.flatMap(({ product, line }) =>
      product.surfaceRule?.fee
        ? [
            {
              fee: 'surface' as const,
              description: `${product.surfaceName ?? 'Surface'} setup: ${product.name}`,
              amount: surfaceFee(product.surfaceRule.fee, line.quantity, product.anchorPoints),
              taxable: product.surfaceRule.fee.taxable,
            },
          ]
        : [],
    ),
    // The delivery fee, and each window surcharge as a line of its own (issue 20: every fee
    // shown), all delivery fees to the totals (taxed alike, taken off by free delivery).
    ...(delivery?.ok
      ? delivery.lines.map((line) => ({
          fee: 'delivery' as const,
          description: line.description,
          amount: line.amount,
          taxable: delivery.taxable,
        }))
      : []),
  ];
  const totalsLines: TotalsLine[] = [
    ...lines.map(({ product, amount, line }) => ({
      kind: 'product' as const,
      productId: product.id,
      amount,
      taxable: product.taxable,
      securityDeposit: product.securityDeposit * line.quantity,
    })),
    ...fees.map((f) => ({
      kind: 'fee' as const,
      fee: f.fee,
      amount: f.amount,
      taxable: f.taxable,
    })),
    ...input.fees.map((f) => ({
      kind: 'fee' as const,
      fee: 'custom' as const,
      amount: f.amount,
      taxable: f.taxable,
    })),
    ...input.discounts.map((d) => ({
      kind: 'discount' as const,
      amount: d.amount,
      label: d.description,
    })),
  ];
  let applied: Coupon | null = null;
  let couponError: string | null = null;
  if (coupon) {
    const verdict = await checkOrderCoupon(db, accountId, {
      ...couponCheckOf(coupon, input.eventStart, timeZone),
      lines: lines.map((l) => ({ productId: l.product.id, amount: l.amount })),
    });
    if (verdict.ok) applied = verdict.coupon;
    else couponError = verdict.message;
  }
  const totals = orderTotals({
    lines: totalsLines,
    settings,
    taxExempt: input.taxExempt,
    damageWaiverChosen: input.damageWaiver ?? settings.damageWaiver.mode === 'mandatory',
    coupon: applied,
    paid: paid.paid,
    refunded: paid.refunded,
    securityDepositPaid: paid.depositPaid,
    securityDepositRefunded: paid.depositRefunded,
  });
  const needsApproval = lines
    .filter((l) => l.product.surfaceRule?.allowed === 'approval')
    .map((l) => l.product.name);
  return {
    lines,
    fees,
    delivery,
    customFees: input.fees,
    discounts: input.discounts,
    totals,
    settings,
    needsApproval,
    coupon,
    couponError,
  };
}

/**
 * §7.1: the delivery fee of an order delivered to an address, by the delivery feature's quote
 * (the nearest depot, the account's fee rules). None for a pickup or before there is an address;
 * a quote that cannot price the address (outside the area, not found) is said, not refused: staff
 * may still take the booking, and the store refuses it itself.
 */
async function deliveryQuote(
  db: Db,
  accountId: string,
  order: Partial<Pick<OrderInput, 'fulfilment' | 'address' | 'deliveryWindow'>>,
) {
  if (order.fulfilment !== 'delivery' || !order.address) return null;
  const quote = await quoteDelivery(db, accountId, {
    method: 'staffed',
    address: order.address,
    window: order.deliveryWindow ?? null,
  });
  if (!quote.ok) return { ok: false as const, message: quote.message, at: placeOf(quote) };
  const surcharges = quote.parts.filter((p) => p.window);
  const base = quote.amount - surcharges.reduce((sum, p) => sum + p.amount, 0);
  return {
    ok: true as const,
    amount: quote.amount,
    taxable: quote.taxable,
    explanation: quote.explanation,
    lines: [
      {
        description: quote.miles === null ? 'Delivery' : `Delivery (${quote.miles} mi)`,
        amount: base,
      },
      // 'Window starting before 10:00' → 'Delivery window starting before 10:00'.
      ...surcharges.map((p) => ({
        description: `Delivery ${p.label.charAt(0).toLowerCase()}${p.label.slice(1)}`,
        amount: p.amount,
      })),
    ].filter((line) => line.amount > 0),
    at: placeOf(quote),
  };
}

/** What §9's check needs of an order besides its lines. */
function couponCheckOf(coupon: OrderCoupon, eventStart: string, timeZone: string) {
  return {
    couponId: coupon.couponId ?? '00000000-0000-0000-0000-000000000000',
    rules: coupon.rules,
    channel: coupon.channel ?? 'staff',
    customerId: coupon.customerId,
    orderId: coupon.orderId,
    eventDate: localDate(new Date(eventStart), timeZone),
    bookingDate: localDate(coupon.bookedAt, timeZone),
  };
}

/** `claimCoupon` for a save: a coupon with no use left is the coupon field's error. */
async function claimCouponOrRefuse(
  tx: Db,
  accountId: string,
  coupon: OrderCoupon,
  eventStart: string,
  priced: Priced,
) {
  try {
    await claimCoupon(tx, accountId, coupon, { eventStart, lines: pricedLines(priced) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict')
      throw invalid({ couponCode: [error.message] });
    throw error;
  }
}

const pricedLines = (priced: Priced) =>
  priced.lines.map((l) => ({ productId: l.product.id, amount: l.amount }));

/**
 * §12: the hard blackouts an order's event and products fall on. Booking on one needs
 * `order.override` (409 otherwise, naming the blackout and its days); the caller records the
 * override. Online-only blackouts close the store, not the office, so they are not refused here.
 */
async function hardBlackouts(
  db: Db,
  accountId: string,
  event: { eventStart: string; eventEnd: string; productIds: readonly string[] },
  actor: Actor,
): Promise<BlackoutHitting[]> {
  const hits = (await blackoutsHitting(db, accountId, event)).filter((h) => h.kind === 'hard');
  if (hits.length > 0 && !actor.can('order.override'))
    throw new AppError(
      'conflict',
      `${hits.map((h) => `${h.name} blacks out ${h.days.join(', ')}`).join('; ')}. Booking on a blackout day needs permission to override.`,
    );
  return hits;
}

/**
 * §12's booking rules (minimum notice, maximum advance) for an event booked now: broken, they
 * refuse the booking with 409 unless the person holds `order.override` (the caller records it).
 */
async function brokenBookingRules(
  db: Db,
  accountId: string,
  eventStart: string,
  actor: Actor,
  now: Date,
): Promise<string[]> {
  const issues = await bookingRulesFor(db, accountId, eventStart, now);
  if (issues.length > 0 && !actor.can('order.override'))
    throw new AppError(
      'conflict',
      `${issues.join('. ')}. Booking it anyway needs permission to override.`,
    );
  return issues;
}

/**
 * §12 "a daily delivery cap": a delivered order takes one of its delivery day's places when it
 * first holds stock, or moves to another day while holding. The day (the delivery window's
 * local date, the event's without one) is locked for the count, so two bookings of its last
 * place cannot both get it. With `order.override` a full day books anyway, and says so.
 */
function deliveryDayClaim(
  accountId: string,
  orderId: string,
  order: {
    fulfilment: string;
    eventStart: string | Date;
    deliveryWindow: { start: string } | null;
  },
  actor: Actor,
  /** The order as it was, when it already held stock: a change that keeps its day takes no place. */
  before?: {
    fulfilment: string;
    eventStart: string | Date;
    deliveryWindow: { start: string } | null;
  },
) {
  const state: { overridden: { day: string; cap: number } | null } = { overridden: null };
  const dayOf = (o: NonNullable<typeof before>) =>
    new Date(o.deliveryWindow?.start ?? o.eventStart);
  const claim = async (tx: Db) => {
    if (order.fulfilment !== 'delivery') return;
    const schedule = await scheduleOf(tx, accountId);
    const cap = schedule.bookingRules.maxDeliveriesPerDay;
    if (cap === null) return;
    const from = dayOf(order);
    const [{ day } = { day: '' }] = await queryRows<{ day: string }>(
      tx,
      sql`select to_char((${from.toISOString()}::timestamptz at time zone ${schedule.timeZone})::date, 'YYYY-MM-DD') as day`,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`delivery-day:${accountId}:${day}`}))`,
    );
    if (before?.fulfilment === 'delivery') {
      const [{ same } = { same: false }] = await queryRows<{ same: boolean }>(
        tx,
        sql`select (${dayOf(before).toISOString()}::timestamptz at time zone ${schedule.timeZone})::date = ${day}::date as same`,
      );
      if (same) return;
    }
    const [{ taken } = { taken: 0 }] = await queryRows<{ taken: number }>(
      tx,
      sql`select count(*)::int as taken from orders o
        where o.account_id = ${accountId} and o.id <> ${orderId} and o.fulfilment = 'delivery'
          and o.status in ('hold', 'reserved', 'confirmed', 'out')
          and (coalesce((o.delivery_window->>'start')::timestamptz, o.event_start)
            at time zone ${schedule.timeZone})::date = ${day}::date`,
    );
    if (taken < cap) return;
    const message = `${day} is full: the business takes at most ${cap} ${cap === 1 ? 'delivery' : 'deliveries'} a day.`;
    if (!actor.can('order.override'))
      throw new AppError('conflict', `${message} Booking it anyway needs permission to override.`);
    state.overridden = { day, cap };
  };
  return { claim, state };
}

const overridden = (hits: BlackoutHitting[]) => ({
  blackouts: hits.map((h) => ({ name: h.name, days: h.days })),
});

/** A save refuses a coupon that does not apply, under the field that named it. */
function refuseCoupon(priced: { couponError: string | null }) {
  if (priced.couponError) throw invalid({ couponCode: [priced.couponError] });
}

/**
 * §9 "validated again when it first holds stock": under the coupon's row lock (so two orders
 * cannot both take its last use), the coupon as it is now must still be on and have a use left
 * for this order and customer; the price stays what the order's snapshot gives.
 */
async function claimCoupon(
  tx: Db,
  accountId: string,
  coupon: OrderCoupon,
  input: { eventStart: string; lines: readonly { productId: string; amount: number }[] },
) {
  if (!coupon.couponId) return;
  const now = await lockCoupon(tx, accountId, coupon.couponId);
  if (!now) return;
  const rules: CouponRules = {
    ...coupon.rules,
    active: now.active,
    maxUses: now.maxUses,
    maxUsesPerCustomer: now.maxUsesPerCustomer,
  };
  const verdict = await checkOrderCoupon(tx, accountId, {
    ...couponCheckOf({ ...coupon, rules }, input.eventStart, await accountTimezone(tx, accountId)),
    lines: input.lines,
  });
  if (!verdict.ok) throw new AppError('conflict', verdict.message);
}

/** What an order being edited would cost (POST /api/orders/preview); saves nothing. */
export async function previewOrder(
  db: Db,
  accountId: string,
  input: z.output<typeof orderPreviewRequestSchema>,
  actor: Actor,
  now: Date,
  { channel = 'staff' }: { channel?: 'store' | 'staff' } = {},
) {
  const current = input.orderId ? await storedCoupon(db, accountId, input.orderId) : null;
  let coupon: OrderCoupon | null = null;
  let couponError: string | null = null;
  try {
    coupon = await couponFor(db, accountId, input.couponCode, current, {
      customerId: input.customerId ?? current?.customerId ?? null,
      orderId: current ? input.orderId : null,
      bookedAt: current?.createdAt ?? now,
      channel,
    });
  } catch {
    couponError = UNKNOWN_COUPON;
  }
  // The preview saves nothing: a discount's permission is asked when the order is saved.
  const priced = await priceOrder(
    db,
    accountId,
    { ...input, discountsKept: true },
    actor,
    { paid: 0, refunded: 0, depositPaid: 0, depositRefunded: 0 },
    coupon,
  );
  return {
    lines: priced.lines.map(({ product, line, unitAmount, amount, explanation }) => ({
      productId: line.productId,
      name: product.name,
      quantity: line.quantity,
      unitAmount,
      amount,
      explanation,
    })),
    fees: [
      ...priced.fees.map(({ description, amount }) => ({ description, amount, custom: false })),
      ...priced.customFees.map(({ description, amount }) => ({
        description,
        amount,
        custom: true,
      })),
    ],
    totals: priced.totals,
    needsApproval: priced.needsApproval,
    coupon:
      coupon && !priced.couponError
        ? { code: coupon.rules.code, description: coupon.rules.description }
        : null,
    couponError: couponError ?? priced.couponError,
    delivery: priced.delivery
      ? priced.delivery.ok
        ? {
            ok: true as const,
            amount: priced.delivery.amount,
            explanation: priced.delivery.explanation,
            at: priced.delivery.at,
          }
        : { ok: false as const, message: priced.delivery.message, at: priced.delivery.at }
      : null,
    blackouts: (
      await blackoutsHitting(db, accountId, {
        eventStart: input.eventStart,
        eventEnd: input.eventEnd,
        productIds: input.lines.map((l) => l.productId),
      })
    ).map(({ name, kind, days }) => ({ name, kind, days })),
    bookingRules: await bookingRulesFor(db, accountId, input.eventStart, now),
  };
}

/** §12: the booking rules an event booked now would break, for the editor to say. */
async function bookingRulesFor(db: Db, accountId: string, eventStart: string, now: Date) {
  const schedule = await scheduleOf(db, accountId);
  return bookingRuleIssues({
    now,
    eventStart: new Date(eventStart),
    timeZone: schedule.timeZone,
    rules: schedule.bookingRules,
  }).map((issue) => issue.message);
}

/** The coupon an order was saved with, its customer and when it was made. */
async function storedCoupon(db: Db, accountId: string, orderId: string) {
  const [row] = await db
    .select({
      couponId: orders.couponId,
      coupon: orders.coupon,
      customerId: orders.customerId,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
  return row ?? null;
}

/** The coupon a stored order is priced with, as it was applied; null when it has none. */
function orderCouponOf(order: {
  id: string;
  couponId: string | null;
  coupon: CouponRules | null;
  customer: { id: string };
  createdAt: string;
  referralSource: string | null;
}): OrderCoupon | null {
  return order.coupon
    ? {
        couponId: order.couponId,
        rules: order.coupon,
        customerId: order.customer.id,
        orderId: order.id,
        bookedAt: new Date(order.createdAt),
        channel: order.referralSource === STORE_REFERRAL_SOURCE ? 'store' : 'staff',
      }
    : null;
}

async function nextNumber(db: Db, accountId: string): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(number), 1000) + 1 as next from orders where account_id = ${accountId}`,
  );
  return Number(row?.next ?? 1001);
}

async function record(
  db: Db,
  accountId: string,
  orderId: string,
  actor: Actor | null,
  action: string,
  detail: Record<string, unknown> = {},
) {
  await db
    .insert(orderActivity)
    .values({ accountId, orderId, userId: actor?.userId ?? null, action, detail });
  // Every change is on the activity log; the same moment tells open pages (item 10).
  await publish(db, accountId, { type: 'order.updated', orderId });
}

type Priced = Awaited<ReturnType<typeof priceOrder>>;

/** The return counts of an order's lines: its own product lines, never more than were out. */
function checkReturns(
  order: { lines: { id: string; productId: string | null; quantity: number; kind: string }[] },
  returns: { lineId: string; damaged: number; missing: number }[],
) {
  const fields: Record<string, string[]> = {};
  const checked = returns.flatMap((r, i) => {
    const line = order.lines.find((l) => l.id === r.lineId && l.productId);
    if (!line) {
      fields[`returns.${i}.lineId`] = ['Not a line of this order'];
      return [];
    }
    if (r.damaged + r.missing > line.quantity)
      fields[`returns.${i}.damaged`] = [`At most ${line.quantity} went out on this line`];
    return [{ ...r, productId: line.productId as string }];
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return checked;
}

/** Writes the priced lines: product lines through the availability write path, then fees. */
async function writeLines(
  db: Db,
  accountId: string,
  orderId: string,
  input: Pick<
    OrderInput,
    'eventStart' | 'eventEnd' | 'surfaceId' | 'deliveryWindow' | 'pickupWindow'
  >,
  priced: Priced,
  status: OrderStatus,
  now: Date,
  extra: {
    to?: 'hold' | 'reserved' | 'confirmed' | 'out';
    holdExpiresAt?: Date | null;
    override?: boolean;
    /** Runs in the write's transaction once the stock is there (a coupon's use is taken). */
    claim?: (tx: Db) => Promise<void>;
    /** The store cart this order takes its stock over from (§10): its hold is not counted. */
    excludeCartId?: string;
  } = {},
) {
  const result = await writeHoldingLines(
    db,
    accountId,
    orderId,
    {
      times: {
        eventStart: Date.parse(input.eventStart),
        eventEnd: Date.parse(input.eventEnd),
        deliveryStart: input.deliveryWindow ? Date.parse(input.deliveryWindow.start) : null,
        pickupEnd: input.pickupWindow ? Date.parse(input.pickupWindow.end) : null,
      },
      lines: priced.lines.map((l) => ({
        productId: l.product.id,
        quantity: l.line.quantity,
        description: l.product.name,
        unitPriceCents: l.unitAmount,
      })),
      surfaceId: input.surfaceId ?? null,
      // Only a write into or within a holding status is checked: drafts and quotes never hold.
      check: holdsStock(extra.to ?? status),
      ...(extra.to ? { status: extra.to } : {}),
      holdExpiresAt: extra.holdExpiresAt ?? null,
      override: extra.override ?? false,
      ...(extra.claim ? { claim: extra.claim } : {}),
      ...(extra.excludeCartId ? { excludeCartId: extra.excludeCartId } : {}),
    },
    now,
  );
  await db
    .delete(orderLines)
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, ['fee', 'discount'])));
  const adjustments = [
    ...priced.fees.map((f) => ({
      kind: 'fee' as const,
      description: f.description,
      unitPriceCents: f.amount,
      custom: false,
      taxable: null,
    })),
    ...priced.customFees.map((f) => ({
      kind: 'fee' as const,
      description: f.description,
      unitPriceCents: f.amount,
      custom: true,
      taxable: f.taxable,
    })),
    // A discount line's amount is negative, so the lines add up to what the customer pays.
    ...priced.discounts.map((d) => ({
      kind: 'discount' as const,
      description: d.description,
      unitPriceCents: -d.amount,
      custom: true,
      taxable: null,
    })),
  ];
  if (adjustments.length > 0)
    await db
      .insert(orderLines)
      .values(adjustments.map((a) => ({ accountId, orderId, quantity: 1, ...a })));
  return result;
}

export async function createOrder(
  db: Db,
  accountId: string,
  input: OrderInput,
  actor: Actor,
  now: Date,
  { channel = 'staff' }: { channel?: 'store' | 'staff' } = {},
) {
  if (!(await findCustomer(db, accountId, input.customerId)))
    throw invalid({ customerId: ['Unknown customer'] });
  const coupon = await couponFor(db, accountId, input.couponCode, null, {
    customerId: input.customerId,
    orderId: null,
    bookedAt: now,
    channel,
  });
  const priced = await priceOrder(
    db,
    accountId,
    input,
    actor,
    { paid: 0, refunded: 0, depositPaid: 0, depositRefunded: 0 },
    coupon,
  );
  refuseCoupon(priced);
  const timeZone = await accountTimezone(db, accountId);
  const orderId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Numbers are handed out one at a time per account: the account's row stays locked until
    // this order is in (FOR NO KEY UPDATE, so rows that reference the account are not held up).
    // Counting max + 1 unlocked made ten orders created at once collide until one gave up.
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('no key update');
    const [row] = await tx
      .insert(orders)
      .values({
        accountId,
        customerId: input.customerId,
        number: await nextNumber(tx, accountId),
        status: 'draft',
        eventDate: sql`(${input.eventStart}::timestamptz at time zone ${timeZone})::date`,
        eventStart: new Date(input.eventStart),
        eventEnd: new Date(input.eventEnd),
        fulfilment: input.fulfilment,
        address: input.address ?? null,
        surfaceId: input.surfaceId ?? null,
        deliveryWindow: input.deliveryWindow ?? null,
        pickupWindow: input.pickupWindow ?? null,
        damageWaiver: input.damageWaiver ?? false,
        taxExempt: input.taxExempt,
        couponCode: coupon?.rules.code ?? null,
        couponId: coupon?.couponId ?? null,
        coupon: coupon?.rules ?? null,
        notes: input.notes ?? null,
        tags: input.tags ?? [],
        referralSource: input.referralSource ?? null,
        createdBy: actor.userId,
        totalCents: priced.totals.total,
        totals: priced.totals,
      })
      .returning({ id: orders.id });
    return row?.id as string;
  });
  await writeLines(db, accountId, orderId, input, priced, 'draft', now);
  await record(db, accountId, orderId, actor, 'created', {
    ...(priced.needsApproval.length ? { needsApproval: priced.needsApproval } : {}),
  });
  return (await findOrder(db, accountId, orderId)) as NonNullable<
    Awaited<ReturnType<typeof findOrder>>
  >;
}

/** Changes an order; on a holding order a change of dates or lines re-checks stock (409). */
export async function changeOrder(
  db: Db,
  accountId: string,
  orderId: string,
  patch: OrderPatch,
  actor: Actor,
  now: Date,
) {
  const current = await findOrder(db, accountId, orderId);
  if (!current) throw notFound('Order');
  if (['out', 'returned', 'completed', 'cancelled'].includes(current.status))
    throw new AppError('conflict', `A ${current.status} order can no longer be changed.`);
  const merged = {
    fulfilment: patch.fulfilment ?? current.fulfilment,
    address: patch.address !== undefined ? patch.address : current.address,
    eventStart: patch.eventStart ?? current.eventStart,
    eventEnd: patch.eventEnd ?? current.eventEnd,
    surfaceId: patch.surfaceId !== undefined ? patch.surfaceId : current.surfaceId,
    deliveryWindow:
      patch.deliveryWindow !== undefined ? patch.deliveryWindow : current.deliveryWindow,
    pickupWindow: patch.pickupWindow !== undefined ? patch.pickupWindow : current.pickupWindow,
    damageWaiver: patch.damageWaiver ?? current.damageWaiver,
    taxExempt: patch.taxExempt ?? current.taxExempt,
    lines:
      patch.lines ??
      current.lines
        .filter((l) => l.kind === 'product' && l.productId)
        .map((l) => ({
          productId: l.productId as string,
          quantity: l.quantity,
          manualPrice: null,
        })),
    ...adjustmentsChanged(adjustmentsOf(current), patch),
  };
  if (Date.parse(merged.eventEnd) <= Date.parse(merged.eventStart))
    throw invalid({ eventEnd: ['The event must end after it starts'] });
  // A holding order moved onto a blackout day, or given items a blackout covers (§12).
  const movesStock =
    holdsStock(current.status as OrderStatus) &&
    (patch.eventStart !== undefined || patch.eventEnd !== undefined || patch.lines !== undefined);
  const blackoutsOverridden = movesStock
    ? await hardBlackouts(
        db,
        accountId,
        { ...merged, productIds: merged.lines.map((l) => l.productId) },
        actor,
      )
    : [];
  const rulesOverridden =
    holdsStock(current.status as OrderStatus) && patch.eventStart !== undefined
      ? await brokenBookingRules(db, accountId, merged.eventStart, actor, now)
      : [];
  const paid = await orderPaidTotals(db, accountId, orderId);
  const kept = orderCouponOf(current);
  const coupon =
    patch.couponCode === undefined
      ? kept && { ...kept, customerId: patch.customerId ?? kept.customerId }
      : await couponFor(db, accountId, patch.couponCode, current, {
          customerId: patch.customerId ?? current.customer.id,
          orderId,
          bookedAt: new Date(current.createdAt),
        });
  const priced = await priceOrder(db, accountId, merged, actor, paid, coupon);
  refuseCoupon(priced);
  // The order's row is written in the lines' transaction, after the stock check: a change the
  // stock (or the delivery day's cap) refuses leaves the order as it was, dates included.
  const saveRow = async (tx: Db) => {
    // A coupon newly put on an order that already holds stock takes its use now (§9).
    if (coupon && coupon.couponId !== current.couponId && holdsStock(current.status as OrderStatus))
      await claimCouponOrRefuse(tx, accountId, coupon, merged.eventStart, priced);
    await tx
      .update(orders)
      .set({
        ...(patch.customerId ? { customerId: patch.customerId } : {}),
        couponCode: coupon?.rules.code ?? null,
        couponId: coupon?.couponId ?? null,
        coupon: coupon?.rules ?? null,
        eventStart: new Date(merged.eventStart),
        eventEnd: new Date(merged.eventEnd),
        eventDate: sql`(${merged.eventStart}::timestamptz at time zone ${await accountTimezone(tx, accountId)})::date`,
        ...(patch.fulfilment ? { fulfilment: patch.fulfilment } : {}),
        ...(patch.address !== undefined ? { address: patch.address } : {}),
        surfaceId: merged.surfaceId,
        deliveryWindow: merged.deliveryWindow,
        pickupWindow: merged.pickupWindow,
        damageWaiver: merged.damageWaiver,
        taxExempt: merged.taxExempt,
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        ...(patch.referralSource !== undefined ? { referralSource: patch.referralSource } : {}),
        totalCents: priced.totals.total,
        totals: priced.totals,
        updatedAt: now,
      })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
  };
  const dayCap = deliveryDayClaim(accountId, orderId, merged, actor, current);
  await writeLines(db, accountId, orderId, merged, priced, current.status as OrderStatus, now, {
    claim: async (tx) => {
      await saveRow(tx);
      // Only an order that holds stock has a delivery day's place to keep or move.
      if (holdsStock(current.status as OrderStatus)) await dayCap.claim(tx);
    },
  });
  if (dayCap.state.overridden)
    await record(db, accountId, orderId, actor, 'delivery_cap_overridden', dayCap.state.overridden);
  const changed = (await findOrder(db, accountId, orderId)) as NonNullable<
    Awaited<ReturnType<typeof findOrder>>
  >;
  // §4: a change after signing waits for the customer's approval of the difference; a change
  // back to what they signed needs none.
  const pending = changed.changesSinceSigned.length > 0;
  if (pending !== (changed.changesPendingSince !== null))
    await db
      .update(orders)
      .set({ changesPendingSince: pending ? now : null })
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
  if (rulesOverridden.length > 0)
    await record(db, accountId, orderId, actor, 'booking_rules_overridden', {
      rules: rulesOverridden,
    });
  if (blackoutsOverridden.length > 0)
    await record(
      db,
      accountId,
      orderId,
      actor,
      'blackout_overridden',
      overridden(blackoutsOverridden),
    );
  await record(db, accountId, orderId, actor, 'changed', {
    fields: Object.keys(patch),
    ...(pending ? { awaitingApproval: true } : {}),
  });
  return (await findOrder(db, accountId, orderId)) as NonNullable<
    Awaited<ReturnType<typeof findOrder>>
  >;
}

/**
 * §4: moves an order along the state machine. Into a holding status the lines go through the
 * availability write path again (409 with shortages, unless overridden); out of one the stock
 * is released with the status change.
 */
export async function transitionOrder(
  db: Db,
  accountId: string,
  orderId: string,
  {
    to,
    reason,
    returns,
    money,
  }: {
    to: OrderStatus;
    reason?: string | null | undefined;
    money?: CancelMoneyChoice | undefined;
    returns?: { lineId: string; damaged: number; missing: number }[] | undefined;
  },
  actor: Actor,
  now: Date,
  {
    fromPhone = false,
    holdMs,
    fromCart,
    whileHolding,
  }: {
    fromPhone?: boolean;
    /** How long a hold lasts (the store's hold time); by default staff's or the phone's. */
    holdMs?: number;
    /**
     * §10: the store cart whose stock this order takes over: its hold is not counted against
     * the order, and `release` ends it in the same transaction, so no one else can slip between.
     * On a move that holds nothing (a quote request), `release` runs in the move's transaction.
     */
    fromCart?: { cartId: string; release: (tx: Db) => Promise<void> };
    /**
     * Work that must commit with the order's first hold of stock, or not at all (hold for
     * caller's text): run in the transaction that takes the stock, with the hold's end.
     */
    whileHolding?: (tx: Db, holdExpiresAt: Date | null) => Promise<void>;
  } = {},
) {
  const current = await findOrder(db, accountId, orderId);
  if (!current) throw notFound('Order');
  const from = current.status as OrderStatus;
  const paid = await orderPaidTotals(db, accountId, orderId);
  const verdict = checkTransition(from, to, {
    signed: current.signed,
    depositPaid: paid.paid - paid.refunded >= current.totals.depositDue,
    balance: current.totals.balance,
    securityDepositSettled: paid.depositPaid === paid.depositRefunded,
    canOverride: actor.can('order.override'),
    canCancel: actor.can('order.cancel'),
    reason: reason ?? null,
  });
  if (!verdict.ok) {
    if (verdict.code === 'forbidden') throw new AppError('forbidden', verdict.message);
    if (verdict.code === 'reason_required') throw invalid({ reason: [verdict.message] });
    throw new AppError('invalid_transition', verdict.message);
  }
  const returned = to === 'returned' ? checkReturns(current, returns ?? []) : [];
  // §12: the first hold of stock is refused on a hard blackout day, unless overridden.
  const blackoutsOverridden =
    holdsStock(to) && !holdsStock(from)
      ? await hardBlackouts(
          db,
          accountId,
          {
            eventStart: current.eventStart,
            eventEnd: current.eventEnd,
            productIds: current.lines.flatMap((l) =>
              l.kind === 'product' && l.productId ? [l.productId] : [],
            ),
          },
          actor,
        )
      : [];
  const rulesOverridden =
    holdsStock(to) && !holdsStock(from)
      ? await brokenBookingRules(db, accountId, current.eventStart, actor, now)
      : [];
  if (holdsStock(to)) {
    const priced = await priceOrder(
      db,
      accountId,
      {
        eventStart: current.eventStart,
        eventEnd: current.eventEnd,
        surfaceId: current.surfaceId,
        damageWaiver: current.damageWaiver,
        taxExempt: current.taxExempt,
        lines: current.lines
          .filter((l) => l.kind === 'product' && l.productId)
          .map((l) => ({
            productId: l.productId as string,
            quantity: l.quantity,
            manualPrice: null,
          })),
        ...adjustmentsOf(current),
        fulfilment: current.fulfilment,
        address: current.address,
        deliveryWindow: current.deliveryWindow,
      },
      actor,
      paid,
      orderCouponOf(current),
    );
    if (priced.couponError) throw new AppError('conflict', priced.couponError);
    const coupon = priced.coupon;
    const holdExpiresAt =
      to === 'hold'
        ? new Date(
            now.getTime() +
              (holdMs ?? (fromPhone ? HOLD_DURATION_MS.phone : HOLD_DURATION_MS.staff)),
          )
        : null;
    // A day's delivery place is taken when the order first holds stock.
    const dayCap = deliveryDayClaim(accountId, orderId, current, actor);
    const { shortages } = await writeLines(db, accountId, orderId, current, priced, from, now, {
      to: to as 'hold' | 'reserved' | 'confirmed' | 'out',
      holdExpiresAt,
      override: false,
      ...(fromCart ? { excludeCartId: fromCart.cartId } : {}),
      // The coupon's use is taken with the stock, in the same transaction (§9).
      ...(!holdsStock(from)
        ? {
            claim: async (tx: Db) => {
              if (coupon)
                await claimCoupon(tx, accountId, coupon, {
                  eventStart: current.eventStart,
                  lines: pricedLines(priced),
                });
              await dayCap.claim(tx);
              await fromCart?.release(tx);
              await whileHolding?.(tx, holdExpiresAt);
            },
          }
        : fromCart
          ? { claim: fromCart.release }
          : {}),
    });
    if (dayCap.state.overridden)
      await record(
        db,
        accountId,
        orderId,
        actor,
        'delivery_cap_overridden',
        dayCap.state.overridden,
      );
    // The totals are snapshotted when the order first holds stock (§0.2).
    if (!holdsStock(from))
      await db
        .update(orders)
        .set({
          totals: priced.totals,
          totalCents: priced.totals.total,
          settingsSnapshot: priced.settings,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
    if (shortages.length > 0)
      await record(db, accountId, orderId, actor, 'shortage_booked', { shortages });
    if (rulesOverridden.length > 0)
      await record(db, accountId, orderId, actor, 'booking_rules_overridden', {
        rules: rulesOverridden,
      });
    if (blackoutsOverridden.length > 0)
      await record(
        db,
        accountId,
        orderId,
        actor,
        'blackout_overridden',
        overridden(blackoutsOverridden),
      );
  } else {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // The order's lock queues this behind any payment being recorded on it.
      const locked = await lockOrder(tx, accountId, orderId);
      if (!locked) throw notFound('Order');
      // Another request moved it first (two cancels at once): this one is refused, not repeated.
      if (locked.status !== from)
        throw new AppError('invalid_transition', 'The order changed meanwhile; reload it.');
      await tx
        .update(orders)
        .set({
          status: to,
          holdExpiresAt: null,
          ...(to === 'cancelled' ? { cancelReason: reason ?? null } : {}),
          updatedAt: now,
        })
        .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
      if (to === 'cancelled' && money)
        await settleCancellation(
          tx,
          accountId,
          locked,
          money,
          current.totals.depositDue,
          actor.userId,
          now,
        );
      // A store's quote request: the cart becomes this order (and staff are told) with it.
      await fromCart?.release(tx);
    });
  }
  await record(db, accountId, orderId, actor, 'status', {
    from,
    to,
    ...(reason ? { reason } : {}),
    ...(to === 'cancelled' && money ? { money } : {}),
    ...(returned.length ? { returns: returned } : {}),
  });
  // Damaged and missing units leave stock (§3): inventory opens a hard downtime for each.
  for (const r of returned)
    for (const reasonOf of ['damaged', 'missing'] as const)
      if (r[reasonOf] > 0)
        await enqueue(
          db,
          OPEN_DOWNTIME_JOB,
          {
            accountId,
            productId: r.productId,
            quantity: r[reasonOf],
            reason: reasonOf,
            note: `Returned ${reasonOf} on order #${current.number}`,
            from: now.toISOString(),
          } satisfies OpenDowntimePayload,
          `return:${orderId}:${r.lineId}:${reasonOf}`,
        );
  return (await findOrder(db, accountId, orderId)) as NonNullable<
    Awaited<ReturnType<typeof findOrder>>
  >;
}

/** Where the quote placed the address, for the editor's map; null when it was not found. */
function placeOf(quote: {
  lat: number | null;
  lng: number | null;
  locatedBy: LocatedBy | null;
}): { lat: number; lng: number; locatedBy: LocatedBy } | null {
  return quote.lat !== null && quote.lng !== null && quote.locatedBy !== null
    ? { lat: quote.lat, lng: quote.lng, locatedBy: quote.locatedBy }
    : null;
}
