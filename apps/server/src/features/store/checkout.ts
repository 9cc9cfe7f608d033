import {
  clockLabel,
  customerInputSchema,
  dateTimeFormat,
  localParts,
  localWeekday,
  STORE_WINDOW_HOURS,
  type StoreCheckout,
  type StoreCheckoutChoice,
  storeSiteNote,
  zonedTime,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { accountDocumentSettings } from '../accounts/queries.js';
import { insertCustomer } from '../customers/queries.js';
import { queueEmail } from '../emails/queries.js';
import type { PaymentsDeps } from '../feature.js';
import { findOrder } from '../orders/queries.js';
import {
  DEFAULT_TERMS,
  placeStoreOrder,
  previewStoreOrder,
  storeDamageWaiver,
} from '../orders/store-orders/queries.js';
import { createPayLink } from '../payments/queries.js';
import { scheduleOf } from '../schedule/queries.js';
import { activeMembersWho } from '../staff/queries.js';
import { itemsOf } from './cart.js';
import {
  type Cart,
  customerByContact,
  type Store,
  storeSurfaces,
  surfaceRulesOf,
} from './queries.js';
import { quoteRequestStaffEmail } from './quote-request-email.js';
import { cartSessions } from './tables.js';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

const addressOf = (cart: Cart, form: StoreCheckout) => ({
  line1: form.line1,
  // The site question "gate code or how to reach the setup spot": the caller card and the
  // driver's day show the address's second line as the gate code.
  line2: form.gateCode,
  city: form.city,
  region: form.region.toUpperCase(),
  postalCode: cart.postalCode ?? '',
});

export type DeliveryWindowChoice = { value: string; label: string; start: Date; end: Date };

/** What checkout offers beside the contact: surfaces, delivery windows and the terms. */
export type CheckoutSite = {
  surfaces: { id: string; name: string }[];
  windows: DeliveryWindowChoice[];
  terms: string;
  /** §2 the damage waiver: offered as a choice when optional, said when mandatory. */
  waiver: { mode: 'off' | 'optional' | 'mandatory'; percentBps: number };
};

/**
 * The 2-hour delivery windows on the party day: counted back from the party's start (the last
 * ends as it starts), none starting before the day's service hours (8:00 AM when there are none).
 */
export function deliveryWindows(
  eventStart: Date,
  timeZone: string,
  earliest: string | null,
): DeliveryWindowChoice[] {
  const party = localParts(eventStart, timeZone);
  const [h, m] = (earliest ?? '08:00').split(':').map(Number) as [number, number];
  const from = h * 60 + m;
  const windows: DeliveryWindowChoice[] = [];
  const span = STORE_WINDOW_HOURS * 60;
  for (let end = party.hour * 60 + party.minute; end - span >= from; end -= span) {
    const start = end - span;
    const at = (minutes: number) =>
      zonedTime({ ...party, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);
    windows.unshift({
      value: `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`,
      label: `${clockLabel(start)} – ${clockLabel(end)}`,
      start: at(start),
      end: at(end),
    });
  }
  return windows;
}

/** The surfaces customers may pick, the party day's delivery windows and the rental terms. */
export async function checkoutSite(db: Db, store: Store, cart: Cart): Promise<CheckoutSite> {
  const [offered, schedule, documents, waiver] = await Promise.all([
    storeSurfaces(db, store.accountId),
    scheduleOf(db, store.accountId),
    accountDocumentSettings(db, store.accountId),
    storeDamageWaiver(db, store.accountId),
  ]);
  const hours = cart.eventStart
    ? schedule.serviceHours[localWeekday(cart.eventStart, store.timeZone)]
    : null;
  return {
    surfaces: offered,
    windows: cart.eventStart
      ? deliveryWindows(cart.eventStart, store.timeZone, hours?.earliestDelivery ?? null)
      : [],
    terms: documents.terms ?? DEFAULT_TERMS,
    waiver,
  };
}

const namesText = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The surface and the delivery window checked against what the store offers: a surface a cart
 * item is not allowed on is refused with the reason; items needing approval are listed.
 */
export async function checkSite(
  db: Db,
  store: Store,
  cart: Cart,
  form: StoreCheckout,
  site: CheckoutSite,
): Promise<{ errors: Record<string, string[]>; needsApproval: string[]; surface: string | null }> {
  const errors: Record<string, string[]> = {};
  if (form.deliveryWindow && !site.windows.some((w) => w.value === form.deliveryWindow))
    errors.deliveryWindow = ['Choose a delivery time from the list'];
  if (!form.surfaceId) return { errors, needsApproval: [], surface: null };
  const surface = site.surfaces.find((s) => s.id === form.surfaceId);
  if (!surface) {
    errors.surfaceId = ['Choose a surface from the list'];
    return { errors, needsApproval: [], surface: null };
  }
  const items = await itemsOf(db, store, cart.id);
  const rules = await surfaceRulesOf(
    db,
    store.accountId,
    surface.id,
    items.map((i) => i.productId),
  );
  const refused = rules.filter((r) => r.allowed === 'no').map((r) => r.name);
  if (refused.length)
    errors.surfaceId = [
      `${namesText(refused)} can’t be set up on ${surface.name}. Choose another surface or remove ${refused.length > 1 ? 'them' : 'it'} from your cart.`,
    ];
  return {
    errors,
    needsApproval: rules.filter((r) => r.allowed === 'approval').map((r) => r.name),
    surface: surface.name,
  };
}

const windowOf = (form: StoreCheckout, site: CheckoutSite) => {
  const chosen = site.windows.find((w) => w.value === form.deliveryWindow);
  return chosen ? { start: chosen.start.toISOString(), end: chosen.end.toISOString() } : null;
};

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
  site: CheckoutSite,
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
      surfaceId: form.surfaceId,
      deliveryWindow: windowOf(form, site),
      lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      couponCode: form.couponCode,
      damageWaiver: form.damageWaiver,
    },
    now,
  );
}

/** E-mails each active member who handles orders (`order.write`) about a quote request. */
async function tellStaffOfQuoteRequest(tx: Db, store: Store, orderId: string, appUrl: string) {
  const order = await findOrder(tx, store.accountId, orderId);
  if (!order) return;
  const partyDay = dateTimeFormat(store.locale, {
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
    locale: store.locale,
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
  if (choice === 'book' && !form.termsAccepted)
    throw invalid({ termsAccepted: ['Accept the rental terms to book'] });
  const site = await checkoutSite(db, store, cart);
  const checked = await checkSite(db, store, cart, form, site);
  if (Object.keys(checked.errors).length) throw invalid(checked.errors);
  const preview = await checkoutPreview(db, store, cart, form, site, now);
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
      surfaceId: form.surfaceId,
      deliveryWindow: windowOf(form, site),
      lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      couponCode: form.couponCode,
      damageWaiver: form.damageWaiver,
      // The internal note (staff and crew read it; the customer does not): consent, the site
      // answers as one line, and the terms' acceptance with its time (decision 0057).
      note: [
        form.textConsent
          ? 'Booked online; agreed to receive text messages.'
          : 'Booked online; did not agree to text messages.',
        storeSiteNote(form),
        choice === 'book' ? `Accepted the rental terms online at ${now.toISOString()}.` : null,
      ]
        .filter(Boolean)
        .join('\n'),
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
