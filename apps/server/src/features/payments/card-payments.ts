import type { PayLinkPurpose } from '@tentpole/domain';
import { formatMoney } from '@tentpole/domain';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import { publish } from '../../realtime/event-hub.js';
import { accountCurrency } from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import type { PaymentsDeps } from '../feature.js';
import { addOrderActivity, findOrder, lockOrder, settleOrders } from '../orders/queries.js';
import { insertMovement } from './ledger.js';
import { payLinks, payments } from './tables.js';

export type { PayLinkPurpose };

/** Stripe keeps a Checkout Session open 24 hours at most; a link is offered for 23. */
const PAY_LINK_HOURS = 23;
const MINIMUM_CENTS = 50;

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

export const PURPOSE_LABELS: Record<PayLinkPurpose, string> = {
  deposit: 'Booking deposit',
  balance: 'Balance',
  custom: 'Payment',
};

/** What a pay link would ask for now: the deposit still due, the balance, or a chosen amount. */
export function payLinkAmount(
  totals: { depositDue: number; paid: number; refunded: number; balance: number },
  purpose: PayLinkPurpose,
  amount: number | undefined,
  currency: string,
): number {
  if (totals.balance <= 0) throw new AppError('conflict', 'Nothing is due on this order.');
  if (purpose === 'deposit') {
    const due = Math.min(totals.balance, totals.depositDue - (totals.paid - totals.refunded));
    if (due <= 0) throw invalid({ purpose: ['The booking deposit is already paid'] });
    return Math.max(due, MINIMUM_CENTS);
  }
  if (purpose === 'balance') return Math.max(totals.balance, MINIMUM_CENTS);
  if (amount === undefined) throw invalid({ amount: ['Enter an amount'] });
  if (amount < MINIMUM_CENTS)
    throw invalid({
      amount: [`Card payments are at least ${formatMoney(MINIMUM_CENTS, currency)}`],
    });
  if (amount > totals.balance)
    throw invalid({ amount: [`At most ${formatMoney(totals.balance, currency)} is due`] });
  return amount;
}

export type PayLinkRow = typeof payLinks.$inferSelect;

/**
 * §6: a Checkout Session for an amount of an order. The same open link is given again for the
 * same purpose and amount (two clicks make one session); the session is created with the
 * link's id as its idempotency key, so a retry after a lost answer makes no second one.
 */
export async function createPayLink(
  db: Db,
  deps: PaymentsDeps,
  input: {
    accountId: string;
    orderId: string;
    purpose: PayLinkPurpose;
    amount?: number | undefined;
    userId: string | null;
    now: Date;
    /** Where Checkout returns the customer (the store's confirmation); default /pay/done. */
    returnUrls?: { success: string; cancel: string };
  },
): Promise<PayLinkRow> {
  const { accountId, orderId, now } = input;
  const order = await findOrder(db, accountId, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'cancelled')
    throw new AppError('conflict', 'A cancelled order takes no payments.');
  const currency = await accountCurrency(db, accountId);
  const amount = payLinkAmount(order.totals, input.purpose, input.amount, currency);
  const [open] = await db
    .select()
    .from(payLinks)
    .where(
      and(
        eq(payLinks.accountId, accountId),
        eq(payLinks.orderId, orderId),
        eq(payLinks.status, 'open'),
        eq(payLinks.purpose, input.purpose),
        eq(payLinks.amountCents, amount),
        isNotNull(payLinks.url),
        gt(payLinks.expiresAt, new Date(now.getTime() + 3_600_000)),
      ),
    )
    .limit(1);
  if (open) return open;

  const customer = await findCustomer(db, accountId, order.customer.id);
  const appUrl = deps.appUrl.replace(/\/$/, '');
  const expiresAt = new Date(now.getTime() + PAY_LINK_HOURS * 3_600_000);
  const [link] = await db
    .insert(payLinks)
    .values({
      accountId,
      orderId,
      purpose: input.purpose,
      amountCents: amount,
      createdBy: input.userId,
      expiresAt,
    })
    .returning();
  if (!link) throw new Error('pay link not inserted');
  const metadata = {
    tentpole_account: accountId,
    tentpole_order: orderId,
    tentpole_pay_link: link.id,
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: currency.toLowerCase(),
              unit_amount: amount,
              product_data: { name: `${PURPOSE_LABELS[input.purpose]} for order #${order.number}` },
            },
          },
        ],
        // Back to Tentpole, which records the payment there and then (webhook or not) and
        // shows the customer their order page.
        success_url:
          input.returnUrls?.success ?? `${appUrl}/pay/done?session={CHECKOUT_SESSION_ID}`,
        cancel_url: input.returnUrls?.cancel ?? `${appUrl}/pay/back/${link.id}`,
        client_reference_id: link.id,
        ...(customer?.email ? { customer_email: customer.email } : {}),
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        metadata,
        payment_intent_data: {
          metadata,
          description: `${PURPOSE_LABELS[input.purpose]} for order #${order.number}`,
        },
      },
      { idempotencyKey: `pay-link-${link.id}` },
    );
  } catch (error) {
    await db.delete(payLinks).where(eq(payLinks.id, link.id));
    logger.warn({ err: error }, 'Stripe: could not create a Checkout Session');
    throw new AppError(
      'unavailable',
      'Card payments are unavailable right now. Try again in a minute.',
    );
  }
  const [saved] = await db
    .update(payLinks)
    .set({ checkoutSessionId: session.id, url: session.url })
    .where(eq(payLinks.id, link.id))
    .returning();
  return saved ?? link;
}

const intentId = (value: string | Stripe.PaymentIntent | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A Checkout Session as Stripe reports it (its webhook, the customer's return, or the
 * reconciling job): paid, its money is recorded once against the order (the PaymentIntent is
 * the row's provider_ref), and the order may move (signed and deposit paid: confirmed).
 * Expired, the link is marked so. Whichever of the three comes first records it; the others
 * find it recorded. Money received is recorded even on an order cancelled meanwhile.
 */
export async function settleCheckoutSession(
  db: Db,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<{ recorded: boolean; link: PayLinkRow } | null> {
  const linkId = session.client_reference_id ?? session.metadata?.tentpole_pay_link ?? null;
  const [link] = await db
    .select()
    .from(payLinks)
    .where(
      linkId && /^[0-9a-f-]{36}$/.test(linkId)
        ? eq(payLinks.id, linkId)
        : eq(payLinks.checkoutSessionId, session.id),
    )
    .limit(1);
  if (!link) return null;
  if (session.status === 'expired') {
    await db
      .update(payLinks)
      .set({ status: 'expired', url: null })
      .where(and(eq(payLinks.id, link.id), eq(payLinks.status, 'open')));
    return {
      recorded: false,
      link: { ...link, status: link.status === 'open' ? 'expired' : link.status },
    };
  }
  const paymentIntent = intentId(session.payment_intent);
  if (session.payment_status !== 'paid' || !paymentIntent) return { recorded: false, link };
  const amount = session.amount_total ?? link.amountCents;
  const recorded = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const order = await lockOrder(tx, link.accountId, link.orderId);
    if (!order) return false;
    const inserted = await insertMovement(tx, link.accountId, order, {
      amount,
      of: 'rental',
      method: 'card',
      kind: 'payment',
      note: `${PURPOSE_LABELS[link.purpose]} paid by card online`,
      userId: null,
      now,
      providerRef: paymentIntent,
    });
    // What the customer did shows in the order's activity and their conversation (issue 24).
    if (inserted)
      await addOrderActivity(tx, link.accountId, link.orderId, 'customer_paid', {
        amount,
        purpose: link.purpose,
        text: `${PURPOSE_LABELS[link.purpose]} paid by card online: ${formatMoney(amount, await accountCurrency(tx, link.accountId))}`,
      });
    await tx
      .update(payLinks)
      .set({
        status: 'paid',
        paidAt: now,
        paymentIntentId: paymentIntent,
        checkoutSessionId: session.id,
        url: null,
      })
      .where(eq(payLinks.id, link.id));
    return inserted;
  });
  if (recorded) await publish(db, link.accountId, { type: 'order.updated', orderId: link.orderId });
  // Whoever recorded the money, the order moves before this caller answers: the customer's
  // return can find it recorded by the webhook an instant before that caller moved the order,
  // and must not show them an order still waiting. (One UPDATE: it moves the order once.)
  await settleOrders(db, now, link.orderId);
  return { recorded, link: { ...link, status: 'paid' } };
}

/**
 * Refunds made at the card processor (by Tentpole, or in Stripe's dashboard), recorded once
 * each against the payment they come from. Called for `charge.refunded`.
 */
export async function recordProcessorRefunds(
  db: Db,
  stripe: Stripe,
  paymentIntent: string,
  now: Date,
) {
  const paymentsOf = await db
    .select({
      accountId: payments.accountId,
      orderId: payments.orderId,
      customerId: payments.customerId,
      of: payments.of,
    })
    .from(payments)
    .where(and(eq(payments.providerRef, paymentIntent), eq(payments.kind, 'payment')))
    .limit(1);
  const payment = paymentsOf[0];
  if (!payment) return 0;
  const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  let recorded = 0;
  for (const refund of refunds.data) {
    if (refund.status !== 'succeeded') continue;
    const inserted = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const order = await lockOrder(tx, payment.accountId, payment.orderId);
      if (!order) return false;
      const of =
        refund.metadata?.tentpole_of === 'deposit'
          ? 'deposit'
          : refund.metadata?.tentpole_of === 'rental'
            ? 'rental'
            : payment.of;
      return insertMovement(tx, payment.accountId, order, {
        amount: refund.amount,
        of,
        method: 'card',
        kind: 'refund',
        note: 'Refunded to the card',
        userId: null,
        now: refund.created ? new Date(refund.created * 1000) : now,
        providerRef: refund.id,
        refundOf: paymentIntent,
      });
    });
    if (inserted) recorded += 1;
  }
  if (recorded > 0)
    await publish(db, payment.accountId, { type: 'order.updated', orderId: payment.orderId });
  // As for payments: the order is settled before this caller answers, whoever recorded it.
  if (refunds.data.length > 0) await settleOrders(db, now, payment.orderId);
  return recorded;
}

/** The order's card payments of rental money or of security deposit, and what is left to refund of each, newest first. */
export async function cardRefundable(
  tx: Db,
  accountId: string,
  orderId: string,
  of: 'rental' | 'deposit',
) {
  const rows = await queryRows<{
    provider_ref: string;
    amount: number | string;
    refunded: number | string;
  }>(
    tx,
    sql`select p.provider_ref, p.amount_cents as amount,
        coalesce((select -sum(r.amount_cents) from ${payments} r
          where r.account_id = p.account_id and r.refund_of = p.provider_ref), 0) as refunded
      from ${payments} p
      where p.account_id = ${accountId} and p.order_id = ${orderId} and p.kind = 'payment'
        and p.of = ${of} and p.method = 'card' and p.provider_ref is not null
      order by p.paid_at desc`,
  );
  return rows
    .map((r) => ({ paymentIntent: r.provider_ref, left: Number(r.amount) - Number(r.refunded) }))
    .filter((r) => r.left > 0);
}

/**
 * A refund to the card: spread over the order's card payments, newest first, each part a
 * Stripe Refund (its idempotency key from this refund's id and the payment) recorded with its
 * id. Runs inside the caller's locked transaction; if recording fails after Stripe refunded,
 * the `charge.refunded` webhook records it (the refund carries what it was of).
 */
export async function refundToCard(
  tx: Db,
  stripe: Stripe,
  input: {
    accountId: string;
    order: { id: string; customerId: string };
    amount: number;
    of: 'rental' | 'deposit';
    note: string | null;
    userId: string;
    now: Date;
    refundKey: string;
  },
) {
  // Rental money goes back from rental payments, a kept deposit from the hold it was kept
  // from: the processor's record of each payment agrees with Tentpole's (issue 18).
  const sources = await cardRefundable(tx, input.accountId, input.order.id, input.of);
  const available = sources.reduce((sum, s) => sum + s.left, 0);
  if (available < input.amount) {
    const currency = await accountCurrency(tx, input.accountId);
    throw invalid({
      method: [
        input.of === 'rental'
          ? available > 0
            ? `Only ${formatMoney(available, currency)} of the rental money was paid by card online and can go back to the card`
            : 'No rental money on this order was paid by card online'
          : available > 0
            ? `Only ${formatMoney(available, currency)} of the security deposit was kept from a card and can go back to it`
            : 'No security deposit on this order was kept from a card',
      ],
    });
  }
  let left = input.amount;
  for (const source of sources) {
    if (left <= 0) break;
    const part = Math.min(left, source.left);
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        {
          payment_intent: source.paymentIntent,
          amount: part,
          metadata: { tentpole_order: input.order.id, tentpole_of: input.of },
        },
        { idempotencyKey: `refund-${input.refundKey}-${source.paymentIntent}` },
      );
    } catch (error) {
      logger.warn({ err: error }, 'Stripe: a refund failed');
      throw new AppError(
        'unavailable',
        error instanceof Error && 'type' in error && error.type === 'StripeInvalidRequestError'
          ? `The card processor refused the refund: ${error.message}`
          : 'Card refunds are unavailable right now. Try again in a minute.',
      );
    }
    await insertMovement(tx, input.accountId, input.order, {
      amount: part,
      of: input.of,
      method: 'card',
      kind: 'refund',
      note: input.note,
      userId: input.userId,
      now: input.now,
      providerRef: refund.id,
      refundOf: source.paymentIntent,
    });
    left -= part;
  }
}

/** The order's pay links, newest first. */
export async function orderPayLinks(db: Db, accountId: string, orderId: string) {
  return db
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.accountId, accountId), eq(payLinks.orderId, orderId)))
    .orderBy(desc(payLinks.createdAt))
    .limit(20);
}

/**
 * Pay links still open: asks Stripe how each stands and records what was paid. Catches a
 * payment whose webhook never came (the app was down, the endpoint misconfigured) and one
 * the app crashed in the middle of recording.
 */
export async function reconcilePayLinks(db: Db, stripe: Stripe, now: Date) {
  const open = await db
    .select({ id: payLinks.id, session: payLinks.checkoutSessionId })
    .from(payLinks)
    .where(and(eq(payLinks.status, 'open'), isNotNull(payLinks.checkoutSessionId)))
    .limit(200);
  let recorded = 0;
  for (const link of open) {
    try {
      const session = await stripe.checkout.sessions.retrieve(link.session as string);
      const result = await settleCheckoutSession(db, session, now);
      if (result?.recorded) recorded += 1;
    } catch (error) {
      logger.warn({ err: error, payLink: link.id }, 'Stripe: could not reconcile a pay link');
    }
  }
  // A link whose session was never made (the process died between the two): gone after a day.
  await db
    .delete(payLinks)
    .where(
      and(
        eq(payLinks.status, 'open'),
        sql`${payLinks.checkoutSessionId} is null`,
        sql`${payLinks.createdAt} < ${new Date(now.getTime() - 24 * 3_600_000)}`,
      ),
    );
  return recorded;
}
