import {
  customerInputSchema,
  type StoreCheckout,
  type StoreCheckoutChoice,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { insertCustomer } from '../customers/queries.js';
import { queueEmail } from '../emails/queries.js';
import type { PaymentsDeps } from '../feature.js';
import { findOrder } from '../orders/queries.js';
import { placeStoreOrder, previewStoreOrder } from '../orders/store-orders/queries.js';
import { createPayLink } from '../payments/queries.js';
import { activeMembersWho } from '../staff/queries.js';
import { itemsOf } from './cart.js';
import { type Cart, customerByContact, type Store } from './queries.js';
import { quoteRequestStaffEmail } from './quote-request-email.js';
import { cartSessions } from './tables.js';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

const addressOf = (cart: Cart, form: StoreCheckout) => ({
  line1: form.line1,
  city: form.city,
  region: form.region.toUpperCase(),
  postalCode: cart.postalCode ?? '',
});

/** Keeps what the shopper typed on their cart session (§10 "contact if given"). */
export async function rememberContact(db: Db, store: Store, cart: Cart, form: StoreCheckout) {
  await db
    .update(cartSessions)
    .set({
      contact: {
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        phone: form.phone,
        textConsent: form.textConsent,
      },
    })
    .where(and(eq(cartSessions.accountId, store.accountId), eq(cartSessions.id, cart.id)));
}

/** Everything the order would cost, before paying: items, delivery, coupon, waiver, tax. */
export async function checkoutPreview(
  db: Db,
  store: Store,
  cart: Cart,
  form: StoreCheckout,
  now: Date,
) {
  if (!cart.eventStart || !cart.eventEnd) throw new AppError('conflict', 'The cart is empty.');
  const items = await itemsOf(db, store, cart.id);
  const existing = await customerByContact(db, store.accountId, { email: form.email });
  return previewStoreOrder(
    db,
    store.accountId,
    {
      customerId: existing?.id ?? null,
      eventStart: cart.eventStart.toISOString(),
      eventEnd: cart.eventEnd.toISOString(),
      address: addressOf(cart, form),
      lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      couponCode: form.couponCode,
    },
    now,
  );
}

/** E-mails each active member who handles orders (`order.write`) about a quote request. */
async function tellStaffOfQuoteRequest(tx: Db, store: Store, orderId: string, appUrl: string) {
  const order = await findOrder(tx, store.accountId, orderId);
  if (!order) return;
  const partyDay = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: store.timeZone,
  }).format(new Date(order.eventStart));
  const email = quoteRequestStaffEmail({
    storeName: store.name,
    orderNumber: order.number,
    customerName: order.customer.name,
    partyDay,
    items: order.lines.filter((l) => l.kind === 'product' && !l.parentLineId),
    totalCents: order.totals.total,
    currency: store.currency,
    orderUrl: `${appUrl.replace(/\/$/, '')}/orders/${order.id}`,
  });
  for (const member of await activeMembersWho(tx, store.accountId, 'order.write'))
    await queueEmail(tx, {
      accountId: store.accountId,
      orderId: order.id,
      kind: 'staff_quote_request',
      to: member.email,
      ...email,
    });
}

/** The shopper as a customer of the account: found by e-mail or phone, else created. */
async function customerFor(db: Db, store: Store, form: StoreCheckout) {
  const parsed = customerInputSchema.safeParse({
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phoneNumber: form.phone,
    reference: 'Online store',
  });
  if (!parsed.success) throw invalid({ phone: ['Enter a valid phone number'] });
  const find = () => customerByContact(db, store.accountId, parsed.data);
  const existing = await find();
  if (existing) return existing.id;
  try {
    return (await insertCustomer(db, store.accountId, parsed.data)).id;
  } catch (error) {
    // Two checkouts with one e-mail at once: the other made the customer.
    const made = await find();
    if (made) return made.id;
    throw error;
  }
}

/**
 * The checkout's end (§10): "request a quote" sends the order to staff as a quote (it holds
 * nothing; the cart's hold ends), "book" holds the order for the store's hold time (taking the
 * cart's stock over in one transaction) and opens Checkout for the booking deposit (or the
 * whole amount when the account asks no deposit); paid, the order becomes reserved.
 * Returns where to send the shopper next.
 */
export async function placeCheckout(
  db: Db,
  store: Store,
  cart: Cart,
  form: StoreCheckout,
  choice: StoreCheckoutChoice,
  deps: { payments: PaymentsDeps | undefined; appUrl: string },
  now: Date,
): Promise<{ orderId: string; redirect: string }> {
  if (!cart.eventStart || !cart.eventEnd || cart.itemCount === 0)
    throw new AppError('conflict', 'Your cart is empty.');
  if (choice === 'book' && !deps.payments)
    throw new AppError('conflict', 'Card payments are unavailable right now.');
  const preview = await checkoutPreview(db, store, cart, form, now);
  if (preview.couponError) throw invalid({ couponCode: [preview.couponError] });
  if (preview.delivery && !preview.delivery.ok)
    throw invalid({ line1: [preview.delivery.message] });
  await rememberContact(db, store, cart, form);
  const customerId = await customerFor(db, store, form);
  const items = await itemsOf(db, store, cart.id);
  const order = await placeStoreOrder(
    db,
    store.accountId,
    {
      customerId,
      eventStart: cart.eventStart.toISOString(),
      eventEnd: cart.eventEnd.toISOString(),
      address: addressOf(cart, form),
      lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      couponCode: form.couponCode,
      note: form.textConsent
        ? 'Booked online; agreed to receive text messages.'
        : 'Booked online; did not agree to text messages.',
    },
    choice,
    {
      cartId: cart.id,
      holdMs: store.holdMinutes * 60_000,
      release: async (tx, orderId) => {
        await tx
          .update(cartSessions)
          .set({ convertedOrderId: orderId, customerId, holdExpiresAt: null, lastSeenAt: now })
          .where(eq(cartSessions.id, cart.id));
        // In the same transaction: the quote request and its staff e-mails are one, never
        // lost and never sent twice.
        if (choice === 'quote') await tellStaffOfQuoteRequest(tx, store, orderId, deps.appUrl);
      },
    },
    now,
  );
  const base = `${deps.appUrl.replace(/\/$/, '')}/s/${store.slug}`;
  if (choice === 'quote') return { orderId: order.id, redirect: `${base}/confirmation` };
  const placed = await findOrder(db, store.accountId, order.id);
  const link = await createPayLink(db, deps.payments as PaymentsDeps, {
    accountId: store.accountId,
    orderId: order.id,
    purpose: (placed?.totals.depositDue ?? 0) > 0 ? 'deposit' : 'balance',
    userId: null,
    now,
    returnUrls: {
      success: `${base}/confirmation?session={CHECKOUT_SESSION_ID}`,
      cancel: `${base}/confirmation`,
    },
  });
  if (!link.url) throw new AppError('unavailable', 'Card payments are unavailable right now.');
  return { orderId: order.id, redirect: link.url };
}
