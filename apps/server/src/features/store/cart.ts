import { randomBytes } from 'node:crypto';
import {
  bookingRuleIssues,
  cartHoldExpiry,
  expandLine,
  findShortages,
  linePrice,
  reservedRange,
  tracksStock,
} from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { quoteDelivery } from '../delivery/queries.js';
import { freeCounts, lockStock, type StockProduct } from '../inventory/queries.js';
import { recordTurnedAway } from '../orders/queries.js';
import { blackoutsHitting, scheduleOf } from '../schedule/queries.js';
import { type Cart, cartItems, type Store, type StoreProduct, storeProducts } from './queries.js';
import { cartLines, cartSessions } from './tables.js';

/** A party's window as instants (ISO 8601), and its ZIP code. */
export type PartyWindow = { eventStart: string; eventEnd: string; zip: string };

const timesOf = (party: PartyWindow) => ({
  eventStart: Date.parse(party.eventStart),
  eventEnd: Date.parse(party.eventEnd),
});

/** The full price of one unit of a product for the party (§5.2), in cents. */
export function priceFor(store: Store, product: Pick<StoreProduct, 'pricing'>, party: PartyWindow) {
  const { eventStart, eventEnd } = timesOf(party);
  return linePrice(
    product.pricing,
    { start: eventStart, end: eventEnd, timeZone: store.timeZone },
    1,
  ).unitAmount;
}

/**
 * Why the store cannot take this party at all (the schedule's booking rules, §12, or a ZIP
 * outside the delivery area, §7.1), or null.
 */
export async function partyRefusal(
  db: Db,
  store: Store,
  party: PartyWindow,
  now: Date,
): Promise<string | null> {
  const schedule = await scheduleOf(db, store.accountId);
  const issues = bookingRuleIssues({
    now,
    eventStart: new Date(party.eventStart),
    timeZone: schedule.timeZone,
    rules: schedule.bookingRules,
  });
  if (Date.parse(party.eventStart) <= now.getTime()) return 'Choose a party time in the future.';
  if (issues[0]) return `${issues[0].message}.`;
  const delivery = await quoteDelivery(db, store.accountId, {
    method: 'staffed',
    address: { postalCode: party.zip },
  });
  if (!delivery.ok) return delivery.message;
  return null;
}

/**
 * §10: what the store offers for a party: the products shown in the store that no blackout
 * closes (hard or online-only) and that have at least one unit free over their reserved range,
 * each with its full price for the window. The shopper's own cart is not counted against them.
 */
export async function offerFor(
  db: Db,
  store: Store,
  party: PartyWindow,
  now: Date,
  excludeCartId?: string,
  /** Only this category's products: a category page counts no other's stock. */
  categoryId?: string,
): Promise<{
  offered: (StoreProduct & { available: number; price: number })[];
  categoryIds: ReadonlySet<string>;
}> {
  const listed = await storeProducts(db, store.accountId);
  // The categories the store has products in (its navigation), free for this party or not.
  const categoryIds = new Set(listed.flatMap((p) => (p.categoryId ? [p.categoryId] : [])));
  const all = categoryId ? listed.filter((p) => p.categoryId === categoryId) : listed;
  if (all.length === 0) return { offered: [], categoryIds };
  const hits = await blackoutsHitting(db, store.accountId, {
    eventStart: party.eventStart,
    eventEnd: party.eventEnd,
    productIds: all.map((p) => p.id),
    timeZone: store.timeZone,
  });
  const closed = new Set(hits.flatMap((h) => h.productIds));
  const open = all.filter((p) => !closed.has(p.id));
  const available = await availableCounts(
    db,
    store.accountId,
    open.map((p) => p.id),
    party,
    now,
    excludeCartId,
  );
  const offered = open
    .map((p) => ({ ...p, available: available.get(p.id) ?? 0, price: priceFor(store, p, party) }))
    .filter((p) => p.available > 0);
  return { offered, categoryIds };
}

/** How many of each product a party could take (inventory's count over each reserved range). */
export function availableCounts(
  db: Db,
  accountId: string,
  productIds: readonly string[],
  party: PartyWindow,
  now: Date,
  excludeCartId?: string,
): Promise<Map<string, number>> {
  return freeCounts(db, accountId, productIds, timesOf(party), now, excludeCartId);
}

/** 409: an item is not free any more; the page names it. */
export class GoneError extends AppError {
  constructor(
    readonly productIds: string[],
    /** What was short, for the "turned away" count (not sent to the shopper). */
    readonly shortages: readonly { productId: string; requested: number; available: number }[] = [],
  ) {
    super('unavailable', 'Not enough stock for these dates.', undefined, { productIds });
  }
  override get status(): number {
    return 409;
  }
}

export const newCartToken = () => randomBytes(24).toString('base64url');

/** A new cart session for this visit (made when the first item goes in). */
export async function startCart(db: Db, store: Store, now: Date): Promise<Cart> {
  const [row] = await db
    .insert(cartSessions)
    .values({
      accountId: store.accountId,
      token: newCartToken(),
      startedAt: now,
      lastSeenAt: now,
      itemCount: 0,
      valueCents: 0,
    })
    .returning();
  if (!row) throw new Error('cart not created');
  return row;
}

export type CartItem = { productId: string; quantity: number; unitPriceCents: number };

/**
 * §10's cart hold, the inventory write path's way (§3, decision 0023): in one transaction the
 * cart's row and then the products its items reach are locked (in id order), what holds them
 * is read again (this cart's own hold left out), and either the cart's lines are replaced by
 * these items (each with its reserved range, plus the components a bundle or a required
 * accessory brings) held until the hold time from now, or GoneError names what is short.
 * Two shoppers racing for the last unit: the second waits on the product's lock, then sees the
 * first's hold.
 */
export async function holdCart(
  db: Db,
  store: Store,
  cartId: string,
  party: PartyWindow,
  items: readonly CartItem[],
  now: Date,
): Promise<void> {
  const times = timesOf(party);
  try {
    await holdInTransaction(db, store, cartId, party, items, times, now);
  } catch (error) {
    // §11: a shopper refused for want of stock is a booking turned away, kept after the rollback.
    if (error instanceof GoneError)
      await recordTurnedAway(db, store.accountId, 'store', error.shortages, now);
    throw error;
  }
}

function holdInTransaction(
  db: Db,
  store: Store,
  cartId: string,
  party: PartyWindow,
  items: readonly CartItem[],
  times: ReturnType<typeof timesOf>,
  now: Date,
) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [cart] = await tx
      .select({ id: cartSessions.id, converted: cartSessions.convertedOrderId })
      .from(cartSessions)
      .where(and(eq(cartSessions.accountId, store.accountId), eq(cartSessions.id, cartId)))
      .for('update');
    if (!cart) throw new AppError('not_found', 'Cart not found.');
    if (cart.converted) throw new AppError('conflict', 'This cart is already an order.');
    const rangeOf = (p: StockProduct) => reservedRange(times, p);
    const { catalog, facts } = await lockStock(
      tx,
      store.accountId,
      items.map((i) => i.productId),
      (products) => {
        const ranges = [...products.values()].map(rangeOf);
        return ranges.length
          ? {
              from: Math.min(...ranges.map((r) => r.from)),
              until: Math.max(...ranges.map((r) => r.until)),
            }
          : { from: times.eventStart, until: times.eventEnd };
      },
      { excludeCartId: cartId, now },
    );
    const request = items.flatMap((i) => {
      const product = catalog.get(i.productId);
      return product
        ? [{ productId: i.productId, quantity: i.quantity, range: rangeOf(product) }]
        : [];
    });
    const shortages = findShortages(request, catalog, facts);
    if (shortages.length > 0) {
      // A shortage of a component is the chosen item's: name the items that reach it.
      const short = new Set(shortages.map((s) => s.productId));
      throw new GoneError(
        items
          .filter((i) => [...expandLine(i, catalog).keys()].some((id) => short.has(id)))
          .map((i) => i.productId),
        shortages,
      );
    }
    await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
    for (const line of request) {
      const item = items.find((i) => i.productId === line.productId) as CartItem;
      const reserved = {
        reservedFrom: new Date(line.range.from),
        reservedUntil: new Date(line.range.until),
      };
      const brings = expandLine(line, catalog);
      const product = catalog.get(line.productId) as StockProduct;
      if (tracksStock(product)) brings.delete(line.productId);
      await tx.insert(cartLines).values([
        {
          accountId: store.accountId,
          cartId,
          productId: line.productId,
          quantity: line.quantity,
          chosen: true,
          unitPriceCents: item.unitPriceCents,
          ...reserved,
        },
        ...[...brings].map(([productId, quantity]) => ({
          accountId: store.accountId,
          cartId,
          productId,
          quantity,
          chosen: false,
          ...reserved,
        })),
      ]);
    }
    await tx
      .update(cartSessions)
      .set({
        eventStart: new Date(party.eventStart),
        eventEnd: new Date(party.eventEnd),
        postalCode: party.zip,
        holdExpiresAt: items.length > 0 ? cartHoldExpiry(now, store.holdMinutes) : null,
        lastSeenAt: now,
        abandonedAt: null,
        itemCount: items.reduce((n, i) => n + i.quantity, 0),
        valueCents: items.reduce((n, i) => n + i.quantity * i.unitPriceCents, 0),
      })
      .where(eq(cartSessions.id, cartId));
  });
}

/**
 * §10 "extended while the customer is active": a hold still running starts its hold time again
 * (it already holds the stock, so nothing is re-checked). A hold that ran out is not revived
 * here: the cart page holds its items again through the write path.
 */
export async function extendCart(db: Db, store: Store, cartId: string, now: Date) {
  const [row] = await db
    .update(cartSessions)
    .set({ holdExpiresAt: cartHoldExpiry(now, store.holdMinutes), lastSeenAt: now })
    .where(
      and(
        eq(cartSessions.accountId, store.accountId),
        eq(cartSessions.id, cartId),
        sql`${cartSessions.holdExpiresAt} > ${now}`,
        sql`${cartSessions.convertedOrderId} is null`,
      ),
    )
    .returning({ holdExpiresAt: cartSessions.holdExpiresAt });
  return row?.holdExpiresAt ?? null;
}

/** The cart's items as the write path takes them. */
export async function itemsOf(db: Db, store: Store, cartId: string): Promise<CartItem[]> {
  return (await cartItems(db, store.accountId, cartId)).map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    unitPriceCents: i.unitPriceCents,
  }));
}
