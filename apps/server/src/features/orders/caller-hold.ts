import {
  type CallerHoldInput,
  type CallerHoldResponse,
  type CallerOfferQuery,
  type CallerOfferResponse,
  callerHoldInputSchema,
  dateTimeFormat,
  linePrice,
  orderInputSchema,
  REACH_REFERRAL_SOURCES,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { accountDocumentSettings, accountLocale, accountTimezone } from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import { quoteDelivery } from '../delivery/queries.js';
import { activeProductNames, freeCounts } from '../inventory/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { blackoutsHitting } from '../schedule/queries.js';
import { ensureOrderPageUrl } from './queries.js';
import { type Actor, createOrder, transitionOrder } from './service.js';

/**
 * Issue 24 item 2: what is free for the window the caller asks about, each with its price for
 * that window, and the delivery fee for their ZIP code. Products a hard blackout closes that day
 * are left out (staff may still book them from the order editor with `order.override`).
 */
export async function callerOffer(
  db: Db,
  accountId: string,
  query: CallerOfferQuery,
  now: Date,
): Promise<CallerOfferResponse> {
  const [products, timeZone] = await Promise.all([
    activeProductNames(db, accountId),
    accountTimezone(db, accountId),
  ]);
  const ids = products.map((p) => p.id);
  const times = { eventStart: Date.parse(query.start), eventEnd: Date.parse(query.end) };
  const [hits, free, delivery] = await Promise.all([
    blackoutsHitting(db, accountId, {
      eventStart: query.start,
      eventEnd: query.end,
      productIds: ids,
      timeZone,
    }),
    freeCounts(db, accountId, ids, times, now),
    query.postalCode
      ? quoteDelivery(db, accountId, {
          method: 'staffed',
          address: { postalCode: query.postalCode },
        })
      : Promise.resolve(null),
  ]);
  const closed = new Set(hits.filter((h) => h.kind === 'hard').flatMap((h) => h.productIds));
  return {
    items: products
      .filter((p) => !closed.has(p.id) && (free.get(p.id) ?? 0) > 0)
      .map((p) => ({
        productId: p.id,
        name: p.name,
        available: free.get(p.id) ?? 0,
        price: linePrice(p.pricing, { start: times.eventStart, end: times.eventEnd, timeZone }, 1)
          .unitAmount,
      })),
    delivery: delivery
      ? delivery.ok
        ? { ok: true, amount: delivery.amount, explanation: delivery.explanation }
        : { ok: false, message: delivery.message }
      : null,
    blackouts: [...new Set(hits.map((h) => h.name))],
  };
}

/**
 * "Hold for caller": an order for the caller, from the call, that holds the items for the
 * phone's 30 minutes (`HOLD_DURATION_MS.phone`), and a text with the link to their order page.
 * Made as a draft and moved to `hold` under the stock lock; when the items are no longer free
 * the draft is cancelled and the 409 names them, so nothing is left half made.
 */
export async function holdForCaller(
  db: Db,
  accountId: string,
  input: CallerHoldInput,
  actor: Actor,
  now: Date,
  { appUrl, kick }: { appUrl: string; kick?: () => void },
): Promise<CallerHoldResponse> {
  const hold = callerHoldInputSchema.parse(input);
  const customer = await findCustomer(db, accountId, hold.customerId);
  if (!customer)
    throw new AppError('validation_failed', 'Unknown customer', {
      customerId: ['Unknown customer'],
    });
  const draft = await createOrder(
    db,
    accountId,
    orderInputSchema.parse({
      customerId: hold.customerId,
      eventStart: hold.start,
      eventEnd: hold.end,
      fulfilment: 'delivery',
      lines: hold.lines,
      referralSource: REACH_REFERRAL_SOURCES.call,
      notes: {
        internal: hold.postalCode
          ? `Held on a call for ZIP ${hold.postalCode}.`
          : 'Held on a call.',
        customer: null,
      },
    }),
    actor,
    now,
  );
  // The text is composed before the hold and queued in the transaction that takes the stock:
  // a hold is never kept without its text, and a refused hold texts nothing.
  const link = await ensureOrderPageUrl(db, accountId, draft.id, appUrl);
  let notTexted: string | null = null;
  if (!link) notTexted = 'The order page link could not be made.';
  else if (!customer.phoneNumber) notTexted = 'The customer has no mobile number.';
  const [business, timeZone, locale] = await Promise.all([
    accountDocumentSettings(db, accountId),
    accountTimezone(db, accountId),
    accountLocale(db, accountId),
  ]);
  const day = dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(new Date(hold.start));
  const items = draft.lines
    .filter((l) => l.kind === 'product')
    .map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.description}` : l.description))
    .join(', ');
  let sent = false;
  let held: Awaited<ReturnType<typeof transitionOrder>>;
  try {
    held = await transitionOrder(db, accountId, draft.id, { to: 'hold' }, actor, now, {
      fromPhone: true,
      whileHolding: async (tx, expiresAt) => {
        if (notTexted !== null || !link || !customer.phoneNumber || !expiresAt) return;
        const until = dateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(expiresAt);
        const text = await queueAutomatedText(
          tx,
          accountId,
          customer.phoneNumber,
          `${business.name}: we’re holding ${items} for you for ${day} until ${until}. See it and book: ${link}`,
          { marketing: false, now, sentByUserId: actor.userId },
        );
        sent = text.sent;
        if (!text.sent) notTexted = text.reason;
      },
    });
  } catch (error) {
    await transitionOrder(
      db,
      accountId,
      draft.id,
      { to: 'cancelled', reason: 'Not free when held on the call' },
      actor,
      now,
    ).catch(() => undefined);
    throw error;
  }
  if (sent) kick?.();
  const expires = held.holdExpiresAt as string;
  return {
    orderId: held.id,
    orderNumber: held.number,
    holdExpiresAt: expires,
    link,
    texted: notTexted === null,
    notTexted,
  };
}
