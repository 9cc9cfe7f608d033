import { orderInputSchema, orderPreviewRequestSchema } from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { STORE_REFERRAL_SOURCE } from '../queries.js';
import {
  type Actor,
  createOrder,
  orderSettings,
  previewOrder,
  transitionOrder,
} from '../service.js';
import { orders } from '../tables.js';

/**
 * The orders feature's surface for the online store (§10): the store prices a cart and turns
 * it into an order through the same functions staff use (pricing, totals, coupons by the
 * store's channel, blackouts, booking rules and the availability write path), as a shopper who
 * holds no permission: nothing can be overridden from the store.
 */

/** The rental terms the documents use until the account writes its own (the store shows them). */
export { DEFAULT_TERMS } from '../documents.js';
export { STORE_REFERRAL_SOURCE };

const SHOPPER: Actor = { userId: null, roles: [], can: () => false };

export type StoreOrderInput = {
  customerId?: string | null;
  eventStart: string;
  eventEnd: string;
  address: {
    line1: string;
    line2?: string | null;
    city: string;
    region: string;
    postalCode: string;
  } | null;
  /** §3 the setup surface: its fees and components are priced, its rules checked. */
  surfaceId?: string | null;
  /** The delivery window (instants): the delivery fee's window surcharges price it. */
  deliveryWindow?: { start: string; end: string } | null;
  lines: { productId: string; quantity: number }[];
  couponCode: string | null;
  /** §2: whether the shopper keeps an optional damage waiver (a mandatory one is always on). */
  damageWaiver?: boolean;
};

/** §2 the account's damage waiver as the checkout offers it: off, optional or mandatory. */
export async function storeDamageWaiver(db: Db, accountId: string) {
  return (await orderSettings(db, accountId)).damageWaiver;
}

/** What the cart costs, every fee and the tax, the coupon's verdict and the delivery quote. */
export function previewStoreOrder(db: Db, accountId: string, input: StoreOrderInput, now: Date) {
  return previewOrder(
    db,
    accountId,
    orderPreviewRequestSchema.parse({
      customerId: input.customerId ?? null,
      fulfilment: input.address ? 'delivery' : 'pickup',
      address: input.address,
      surfaceId: input.surfaceId ?? null,
      deliveryWindow: input.deliveryWindow ?? null,
      eventStart: input.eventStart,
      eventEnd: input.eventEnd,
      lines: input.lines,
      couponCode: input.couponCode,
      damageWaiver: input.damageWaiver ?? true,
    }),
    SHOPPER,
    now,
    { channel: 'store' },
  );
}

/**
 * Places the shopper's order: created as the staff editor creates one, then either sent as a
 * quote (it holds nothing; staff answer it) or held for `holdMs` while the shopper pays, taking
 * the cart's stock over in one transaction (`release` ends the cart's hold inside it).
 */
export async function placeStoreOrder(
  db: Db,
  accountId: string,
  input: StoreOrderInput & { customerId: string; note: string | null },
  choice: 'quote' | 'book',
  cart: { cartId: string; holdMs: number; release: (tx: Db, orderId: string) => Promise<void> },
  now: Date,
) {
  const created = await createOrder(
    db,
    accountId,
    orderInputSchema.parse({
      customerId: input.customerId,
      eventStart: input.eventStart,
      eventEnd: input.eventEnd,
      fulfilment: 'delivery',
      address: input.address,
      surfaceId: input.surfaceId ?? null,
      deliveryWindow: input.deliveryWindow ?? null,
      lines: input.lines,
      couponCode: input.couponCode,
      damageWaiver: input.damageWaiver ?? true,
      notes: { internal: input.note, customer: null },
      referralSource: STORE_REFERRAL_SOURCE,
    }),
    SHOPPER,
    now,
    { channel: 'store' },
  );
  if (choice === 'quote')
    // In the quote's own transaction: the cart is converted (and staff told) with it, or not.
    return transitionOrder(db, accountId, created.id, { to: 'quote' }, SHOPPER, now, {
      fromCart: { cartId: cart.cartId, release: (tx) => cart.release(tx, created.id) },
    });
  try {
    return await transitionOrder(db, accountId, created.id, { to: 'hold' }, SHOPPER, now, {
      holdMs: cart.holdMs,
      fromCart: { cartId: cart.cartId, release: (tx) => cart.release(tx, created.id) },
    });
  } catch (error) {
    // The stock went meanwhile (or a rule refused it): the shopper is told, and the draft made
    // for them a moment ago, which nobody has seen or paid, goes too rather than sit in the list.
    await db
      .delete(orders)
      .where(
        and(eq(orders.accountId, accountId), eq(orders.id, created.id), eq(orders.status, 'draft')),
      );
    throw error;
  }
}
