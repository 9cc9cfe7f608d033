import {
  type CardSettings,
  cardSettingsSchema,
  formatMoney,
  type OrderCardCharge,
} from '@tentpole/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import { publish } from '../../realtime/event-hub.js';
import { accountCurrency, accountDocumentSettings } from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import { queueEmail } from '../emails/queries.js';
import type { PaymentsDeps } from '../feature.js';
import {
  addOrderActivity,
  findOrder,
  liveOrderToken,
  lockOrder,
  settleOrders,
} from '../orders/queries.js';
import { cardFailedStaffEmail, paymentFailedEmail, receiptEmail } from './card-emails.js';
import { insertMovement } from './ledger.js';
import { cardsOnFile, orderCardCharges } from './tables.js';

/** The account's card automation (autopay, security deposit holds); defaults when unset. */
export async function cardSettings(db: Db, accountId: string): Promise<CardSettings> {
  const [row] = await db
    .select({ settings: sql<unknown>`${accounts.settings}->'payments'` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const parsed = cardSettingsSchema.safeParse(row?.settings ?? {});
  return parsed.success ? parsed.data : cardSettingsSchema.parse({});
}

export async function cardOnFile(db: Db, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(cardsOnFile)
    .where(and(eq(cardsOnFile.accountId, accountId), eq(cardsOnFile.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

export async function orderCharges(
  db: Db,
  accountId: string,
  orderId: string,
): Promise<OrderCardCharge[]> {
  const rows = await db
    .select()
    .from(orderCardCharges)
    .where(and(eq(orderCardCharges.accountId, accountId), eq(orderCardCharges.orderId, orderId)))
    .orderBy(desc(orderCardCharges.createdAt));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amountCents,
    status: r.status,
    captured: r.capturedCents,
    failure: r.failure,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The customer saves a card (a Checkout Session in setup mode) from their order page. Their
 * processor Customer is made once (idempotency key from the customer's id) and kept with the card.
 */
export async function startCardSetup(
  db: Db,
  deps: PaymentsDeps,
  link: { accountId: string; orderId: string },
  backTo: string,
) {
  const order = await findOrder(db, link.accountId, link.orderId);
  if (!order) throw notFound('Order');
  const customerId = order.customer.id;
  const [existing, customer, currency] = await Promise.all([
    cardOnFile(db, link.accountId, customerId),
    findCustomer(db, link.accountId, customerId),
    accountCurrency(db, link.accountId),
  ]);
  const metadata = {
    tentpole_account: link.accountId,
    tentpole_customer: customerId,
    tentpole_order: link.orderId,
    tentpole_kind: 'card_on_file',
  };
  const appUrl = deps.appUrl.replace(/\/$/, '');
  try {
    const processorCustomer =
      existing?.processorCustomerId ??
      (
        await deps.stripe.customers.create(
          {
            name: order.customer.name,
            ...(customer?.email ? { email: customer.email } : {}),
            metadata: { tentpole_account: link.accountId, tentpole_customer: customerId },
          },
          { idempotencyKey: `tentpole-customer-${customerId}` },
        )
      ).id;
    const session = await deps.stripe.checkout.sessions.create({
      mode: 'setup',
      currency: currency.toLowerCase(),
      customer: processorCustomer,
      success_url: `${appUrl}/pay/done?session={CHECKOUT_SESSION_ID}`,
      cancel_url: backTo,
      metadata,
      setup_intent_data: { metadata },
    });
    if (!session.url) throw new Error('no Checkout URL');
    return session.url;
  } catch (error) {
    logger.warn({ err: error }, 'Stripe: could not start saving a card');
    throw new AppError(
      'unavailable',
      'Card payments are unavailable right now. Try again in a minute.',
    );
  }
}

/** A completed setup session: the card it saved becomes the customer's card on file. */
export async function settleSetupSession(
  db: Db,
  stripe: Stripe,
  session: Stripe.Checkout.Session,
  now: Date,
) {
  const accountId = session.metadata?.tentpole_account;
  const customerId = session.metadata?.tentpole_customer;
  if (session.mode !== 'setup' || session.status !== 'complete' || !accountId || !customerId)
    return null;
  if (!(await findCustomer(db, accountId, customerId))) return null;
  const setupId =
    typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
  if (!setupId) return null;
  const setup = await stripe.setupIntents.retrieve(setupId);
  const pmId =
    typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
  const processorCustomer =
    typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (setup.status !== 'succeeded' || !pmId || !processorCustomer) return null;
  const pm = await stripe.paymentMethods.retrieve(pmId);
  const card = {
    processorCustomerId: processorCustomer,
    paymentMethodId: pm.id,
    brand: pm.card?.brand ?? 'card',
    last4: pm.card?.last4 ?? '????',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    savedAt: now,
  };
  await db
    .insert(cardsOnFile)
    .values({ accountId, customerId, ...card })
    .onConflictDoUpdate({ target: [cardsOnFile.accountId, cardsOnFile.customerId], set: card });
  const orderId = session.metadata?.tentpole_order;
  if (orderId) await publish(db, accountId, { type: 'order.updated', orderId });
  return { accountId, orderId: orderId ?? null };
}

type Due = {
  order_id: string;
  account_id: string;
  customer_id: string;
  payment_method_id: string;
  processor_customer_id: string;
};

/** Orders whose automatic charge of this kind is due, with the card to use. */
async function dueOrders(db: Db, kind: 'autopay' | 'hold', now: Date): Promise<Due[]> {
  const setting = kind === 'autopay' ? 'autopay' : 'securityDepositHold';
  const defaultDays = kind === 'autopay' ? 3 : 2;
  // The balance is due before the event; the hold goes on before the stock leaves (the delivery
  // window's start when the order is delivered), so it covers the whole time it is out.
  const moment =
    kind === 'autopay'
      ? sql`o.event_start`
      : sql`coalesce(case when o.fulfilment = 'delivery' then (o.delivery_window->>'start')::timestamptz end, o.event_start)`;
  return queryRows<Due>(
    db,
    sql`select o.id as order_id, o.account_id, o.customer_id, c.payment_method_id, c.processor_customer_id
      from orders o
      join accounts a on a.id = o.account_id
      join cards_on_file c on c.account_id = o.account_id and c.customer_id = o.customer_id
      where o.status in ('reserved', 'confirmed')
        and coalesce((a.settings->'payments'->${setting}->>'enabled')::boolean, false)
        and ${moment} > ${now}
        and ${moment} <= ${now}::timestamptz
          + make_interval(days => coalesce((a.settings->'payments'->${setting}->>'daysBefore')::int, ${defaultDays}))
        and not exists (select 1 from order_card_charges x where x.order_id = o.id and x.kind = ${kind})
      limit 200`,
  );
}

const cardMessage = (error: unknown) =>
  error instanceof Error && 'type' in error && error.type === 'StripeCardError'
    ? error.message
    : null;

/**
 * §6 autopay: the balance of each order whose event is N days away is charged to the card on
 * file, once (a row per order and kind claims it first; the charge's idempotency key is the
 * row's id, so a retry after a crash charges nothing twice). Paid: recorded as a payment.
 * Declined: the order is flagged (its activity, the order page) for staff to follow up.
 */
export async function chargeDueBalances(db: Db, stripe: Stripe, now: Date, appUrl = '') {
  const due = await dueOrders(db, 'autopay', now);
  for (const row of due) {
    const order = await findOrder(db, row.account_id, row.order_id);
    if (!order || order.totals.balance < 50) continue;
    const [claim] = await db
      .insert(orderCardCharges)
      .values({
        accountId: row.account_id,
        orderId: row.order_id,
        kind: 'autopay',
        amountCents: order.totals.balance,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    if (claim) await runAutopay(db, stripe, claim, row, now, appUrl);
  }
  // Claimed but never finished (the process died mid-charge): the same key finishes it.
  const stale = await db
    .select()
    .from(orderCardCharges)
    .where(
      and(
        eq(orderCardCharges.kind, 'autopay'),
        eq(orderCardCharges.status, 'pending'),
        sql`${orderCardCharges.createdAt} < ${new Date(now.getTime() - 60_000)}`,
      ),
    )
    .limit(50);
  for (const claim of stale) {
    const order = await findOrder(db, claim.accountId, claim.orderId);
    const card = order ? await cardOnFile(db, claim.accountId, order.customer.id) : null;
    if (!card) continue;
    await runAutopay(
      db,
      stripe,
      claim,
      {
        order_id: claim.orderId,
        account_id: claim.accountId,
        customer_id: card.customerId,
        payment_method_id: card.paymentMethodId,
        processor_customer_id: card.processorCustomerId,
      },
      now,
      appUrl,
    );
  }
}

/** What the customer's e-mail about an automatic payment needs, and where it goes. */
async function mailParts(db: Db, claim: { accountId: string; orderId: string }, appUrl: string) {
  const order = await findOrder(db, claim.accountId, claim.orderId);
  if (!order) return null;
  const [customer, settings, token] = await Promise.all([
    findCustomer(db, claim.accountId, order.customer.id),
    accountDocumentSettings(db, claim.accountId),
    liveOrderToken(db, claim.accountId, claim.orderId),
  ]);
  if (!customer) return null;
  return {
    to: customer.email,
    customerId: customer.id,
    business: settings.name,
    customerName: order.customer.name,
    orderNumber: order.number,
    orderUrl: token && appUrl ? `${appUrl.replace(/\/$/, '')}/o/${token}` : null,
  };
}

async function runAutopay(
  db: Db,
  stripe: Stripe,
  claim: typeof orderCardCharges.$inferSelect,
  card: Due,
  now: Date,
  appUrl: string,
) {
  const currency = await accountCurrency(db, claim.accountId);
  const parts = await mailParts(db, claim, appUrl);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: claim.amountCents,
        currency: currency.toLowerCase(),
        customer: card.processor_customer_id,
        payment_method: card.payment_method_id,
        off_session: true,
        confirm: true,
        description: 'Balance, charged automatically before the event',
        metadata: {
          tentpole_account: claim.accountId,
          tentpole_order: claim.orderId,
          tentpole_kind: 'autopay',
        },
      },
      { idempotencyKey: `autopay-${claim.id}` },
    );
  } catch (error) {
    const declined = cardMessage(error);
    if (!declined) {
      logger.warn(
        { err: error, orderId: claim.orderId },
        'Stripe: autopay could not reach the processor; retried',
      );
      return;
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(orderCardCharges)
        .set({ status: 'failed', failure: declined, settledAt: now })
        .where(eq(orderCardCharges.id, claim.id));
      // The customer and staff are told, in the same transaction: once, with the failure.
      if (parts)
        await queueEmail(tx, {
          accountId: claim.accountId,
          orderId: claim.orderId,
          customerId: parts.customerId,
          kind: 'payment_failed',
          to: parts.to,
          ...paymentFailedEmail({
            ...parts,
            amount: formatMoney(claim.amountCents, currency),
            reason: declined,
          }),
        });
      await chargeFailed(tx, claim, currency, declined, 'Automatic payment');
    });
    return;
  }
  if (intent.status !== 'succeeded') {
    const reason = 'The card needs the customer to authenticate this payment.';
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(orderCardCharges)
        .set({ status: 'failed', failure: reason, paymentIntentId: intent.id, settledAt: now })
        .where(eq(orderCardCharges.id, claim.id));
      await chargeFailed(tx, claim, currency, reason, 'Automatic payment');
    });
    return;
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const order = await lockOrder(tx, claim.accountId, claim.orderId);
    if (!order) return;
    await insertMovement(tx, claim.accountId, order, {
      amount: intent.amount_received,
      of: 'rental',
      method: 'card',
      kind: 'payment',
      note: 'Balance charged automatically to the card on file',
      userId: null,
      now,
      providerRef: intent.id,
    });
    await tx
      .update(orderCardCharges)
      .set({ status: 'succeeded', paymentIntentId: intent.id, settledAt: now })
      .where(eq(orderCardCharges.id, claim.id));
    if (parts)
      await queueEmail(tx, {
        accountId: claim.accountId,
        orderId: claim.orderId,
        customerId: parts.customerId,
        kind: 'receipt',
        to: parts.to,
        ...receiptEmail({
          ...parts,
          amount: formatMoney(intent.amount_received, currency),
          last4: (await cardOnFile(tx, claim.accountId, card.customer_id))?.last4 ?? '····',
        }),
      });
  });
  await addOrderActivity(db, claim.accountId, claim.orderId, 'card', {
    text: `Balance of ${formatMoney(intent.amount_received, currency)} charged automatically to the card on file`,
  });
  await publish(db, claim.accountId, { type: 'order.updated', orderId: claim.orderId });
  await settleOrders(db, now, claim.orderId);
}

/**
 * §6 security deposit: held on the card on file (manual capture) N days before the event,
 * once per order. Nothing is taken until staff capture part or all of it after the return.
 */
export async function placeDueHolds(db: Db, stripe: Stripe, now: Date) {
  const due = await dueOrders(db, 'hold', now);
  for (const row of due) {
    const order = await findOrder(db, row.account_id, row.order_id);
    const amount = order ? order.totals.securityDeposit - order.totals.securityDepositHeld : 0;
    if (!order || amount < 50) continue;
    const [claim] = await db
      .insert(orderCardCharges)
      .values({
        accountId: row.account_id,
        orderId: row.order_id,
        kind: 'hold',
        amountCents: amount,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    if (claim) await runHold(db, stripe, claim, row, now);
  }
  // Claimed but never finished (the process died, or the processor did not answer): the same
  // idempotency key finishes it, so a hold placed before the crash is found, not placed twice.
  const stale = await db
    .select()
    .from(orderCardCharges)
    .where(
      and(
        eq(orderCardCharges.kind, 'hold'),
        eq(orderCardCharges.status, 'pending'),
        sql`${orderCardCharges.createdAt} < ${new Date(now.getTime() - 60_000)}`,
      ),
    )
    .limit(50);
  for (const claim of stale) {
    const order = await findOrder(db, claim.accountId, claim.orderId);
    const card = order ? await cardOnFile(db, claim.accountId, order.customer.id) : null;
    if (!card) continue;
    await runHold(
      db,
      stripe,
      claim,
      {
        order_id: claim.orderId,
        account_id: claim.accountId,
        customer_id: card.customerId,
        payment_method_id: card.paymentMethodId,
        processor_customer_id: card.processorCustomerId,
      },
      now,
    );
  }
}

async function runHold(
  db: Db,
  stripe: Stripe,
  claim: typeof orderCardCharges.$inferSelect,
  row: Due,
  now: Date,
) {
  const amount = claim.amountCents;
  const currency = await accountCurrency(db, row.account_id);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: currency.toLowerCase(),
        customer: row.processor_customer_id,
        payment_method: row.payment_method_id,
        capture_method: 'manual',
        off_session: true,
        confirm: true,
        description: 'Security deposit hold',
        metadata: {
          tentpole_account: row.account_id,
          tentpole_order: row.order_id,
          tentpole_kind: 'hold',
        },
      },
      { idempotencyKey: `hold-${claim.id}` },
    );
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(orderCardCharges)
        .set({ status: 'held', paymentIntentId: intent.id })
        .where(eq(orderCardCharges.id, claim.id));
      await addOrderActivity(tx, row.account_id, row.order_id, 'card', {
        text: `Security deposit of ${formatMoney(amount, currency)} held on the card on file`,
      });
    });
  } catch (error) {
    const declined = cardMessage(error);
    if (!declined) {
      // Not reached: the claim stays pending and a later round finishes it with the same key.
      logger.warn({ err: error }, 'Stripe: a hold could not be placed; retried');
      return;
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(orderCardCharges)
        .set({ status: 'failed', failure: declined, settledAt: now })
        .where(eq(orderCardCharges.id, claim.id));
      await chargeFailed(tx, claim, currency, declined, 'Security deposit hold');
    });
  }
  await publish(db, row.account_id, { type: 'order.updated', orderId: row.order_id });
}

/**
 * An automatic charge or hold the card refused: written on the order's activity (the order
 * then shows under "Needs attention" until it is settled) and e-mailed to the account's
 * holders and owners, who otherwise learn of it only by opening the order. Run in the
 * transaction that marks the claim failed: a crash between the two cannot lose the alert, and
 * a claim failed once is never alerted again.
 */
async function chargeFailed(
  db: Db,
  claim: { accountId: string; orderId: string; amountCents: number },
  currency: string,
  reason: string,
  what: 'Automatic payment' | 'Security deposit hold',
) {
  const amount = formatMoney(claim.amountCents, currency);
  await addOrderActivity(db, claim.accountId, claim.orderId, 'card', {
    text: `${what} of ${amount} failed: ${reason}`,
  });
  const order = await findOrder(db, claim.accountId, claim.orderId);
  const staff = await queryRows<{ email: string }>(
    db,
    sql`select u.email from memberships m join users u on u.id = m.user_id
      where m.account_id = ${claim.accountId} and m.suspended_at is null
        and (m.kind = 'holder' or 'owner' = any(m.roles))`,
  );
  if (order)
    for (const { email } of staff)
      await queueEmail(db, {
        accountId: claim.accountId,
        orderId: claim.orderId,
        kind: 'staff_card_failed',
        to: email,
        ...cardFailedStaffEmail({
          what,
          amount,
          reason,
          orderNumber: order.number,
          customerName: order.customer.name,
        }),
      });
  await publish(db, claim.accountId, { type: 'order.updated', orderId: claim.orderId });
}

/**
 * Settles a hold as the processor has it: captured (recorded as security deposit kept, once:
 * the payment row carries the PaymentIntent's id) or cancelled (released, or expired after
 * seven days). Used when our own capture's answer was lost, by the `payment_intent.*`
 * webhooks, and by the cards job for a hold ended in the processor's dashboard.
 */
async function settleHold(
  db: Db,
  hold: typeof orderCardCharges.$inferSelect,
  intent: Stripe.PaymentIntent,
  now: Date,
  by: { note: string; userId: string | null },
): Promise<'captured' | 'released' | null> {
  if (intent.status === 'succeeded') {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const order = await lockOrder(tx, hold.accountId, hold.orderId);
      if (!order) return null;
      await insertMovement(tx, hold.accountId, order, {
        amount: intent.amount_received,
        of: 'deposit',
        method: 'card',
        kind: 'payment',
        note: `Kept from the security deposit: ${by.note}`,
        userId: by.userId,
        now,
        providerRef: intent.id,
      });
      const [settled] = await tx
        .update(orderCardCharges)
        .set({
          status: 'captured',
          capturedCents: intent.amount_received,
          note: by.note,
          settledAt: now,
        })
        .where(and(eq(orderCardCharges.id, hold.id), eq(orderCardCharges.status, 'held')))
        .returning({ id: orderCardCharges.id });
      return settled ? 'captured' : null;
    });
  }
  if (intent.status === 'canceled') {
    const [settled] = await db
      .update(orderCardCharges)
      .set({ status: 'released', settledAt: now })
      .where(and(eq(orderCardCharges.id, hold.id), eq(orderCardCharges.status, 'held')))
      .returning({ id: orderCardCharges.id });
    return settled ? 'released' : null;
  }
  return null;
}

/**
 * Holds still open here, asked about at the processor (all of them, or the one of
 * `paymentIntentId`): a capture or cancel we did not record is recorded now.
 */
export async function reconcileHolds(db: Db, stripe: Stripe, now: Date, paymentIntentId?: string) {
  const open = await db
    .select()
    .from(orderCardCharges)
    .where(
      and(
        eq(orderCardCharges.kind, 'hold'),
        eq(orderCardCharges.status, 'held'),
        paymentIntentId
          ? eq(orderCardCharges.paymentIntentId, paymentIntentId)
          : sql`${orderCardCharges.paymentIntentId} is not null`,
      ),
    )
    .limit(200);
  let settled = 0;
  for (const hold of open) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(hold.paymentIntentId as string);
    } catch (error) {
      logger.warn({ err: error }, 'Stripe: a hold could not be looked up; asked again later');
      continue;
    }
    const outcome = await settleHold(db, hold, intent, now, {
      note: 'captured at the card processor',
      userId: null,
    });
    if (!outcome) continue;
    settled += 1;
    const currency = await accountCurrency(db, hold.accountId);
    await addOrderActivity(db, hold.accountId, hold.orderId, 'card', {
      text:
        outcome === 'captured'
          ? `Kept ${formatMoney(intent.amount_received, currency)} of the security deposit hold (recorded from the card processor)`
          : `Security deposit hold of ${formatMoney(hold.amountCents, currency)} ended at the card processor`,
    });
    await publish(db, hold.accountId, { type: 'order.updated', orderId: hold.orderId });
  }
  return settled;
}

async function heldCharge(db: Db, accountId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orderCardCharges)
    .where(
      and(
        eq(orderCardCharges.accountId, accountId),
        eq(orderCardCharges.orderId, orderId),
        eq(orderCardCharges.kind, 'hold'),
        inArray(orderCardCharges.status, ['held']),
      ),
    )
    .limit(1);
  if (!row?.paymentIntentId)
    throw new AppError('conflict', 'No security deposit is held on a card for this order.');
  return row as typeof row & { paymentIntentId: string };
}

/** Keeps part or all of the hold (damage), with why: recorded as security deposit kept. */
export async function captureHold(
  db: Db,
  stripe: Stripe,
  input: {
    accountId: string;
    orderId: string;
    amount: number;
    note: string;
    userId: string;
    now: Date;
  },
) {
  const hold = await heldCharge(db, input.accountId, input.orderId);
  const currency = await accountCurrency(db, input.accountId);
  if (input.amount > hold.amountCents)
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      amount: [`At most ${formatMoney(hold.amountCents, currency)} is held`],
    });
  let intent: Stripe.PaymentIntent;
  try {
    // The key names the amount too: a retry of this capture is the same request, and a
    // capture of another amount after a lost answer is a new one the processor refuses
    // (the hold is captured already), which the lookup below then records.
    intent = await stripe.paymentIntents.capture(
      hold.paymentIntentId,
      { amount_to_capture: input.amount },
      { idempotencyKey: `capture-${hold.id}-${input.amount}` },
    );
  } catch (error) {
    // The capture may have happened with its answer lost: the processor says.
    const known = await stripe.paymentIntents.retrieve(hold.paymentIntentId).catch(() => null);
    if (known?.status !== 'succeeded') {
      logger.warn({ err: error }, 'Stripe: a hold could not be captured');
      throw new AppError(
        'unavailable',
        'The card processor did not take the capture. Try again in a minute.',
      );
    }
    intent = known;
  }
  const outcome = await settleHold(db, hold, intent, input.now, {
    note: input.note,
    userId: input.userId,
  });
  // Null: the webhook for this capture recorded it first (with its own activity line).
  if (!outcome) return;
  await addOrderActivity(
    db,
    input.accountId,
    input.orderId,
    'card',
    {
      text: `Kept ${formatMoney(intent.amount_received, currency)} of the security deposit hold: ${input.note}`,
    },
    input.userId,
  );
  await publish(db, input.accountId, { type: 'order.updated', orderId: input.orderId });
}

/** Lets the hold go: nothing is taken. */
export async function releaseHold(
  db: Db,
  stripe: Stripe,
  input: { accountId: string; orderId: string; userId: string; now: Date },
) {
  const hold = await heldCharge(db, input.accountId, input.orderId);
  try {
    await stripe.paymentIntents.cancel(
      hold.paymentIntentId,
      {},
      { idempotencyKey: `release-${hold.id}` },
    );
  } catch (error) {
    logger.warn({ err: error }, 'Stripe: a hold could not be released');
    throw new AppError(
      'unavailable',
      'The card processor did not release the hold. Try again in a minute.',
    );
  }
  await db
    .update(orderCardCharges)
    .set({ status: 'released', settledAt: input.now })
    .where(eq(orderCardCharges.id, hold.id));
  const currency = await accountCurrency(db, input.accountId);
  await addOrderActivity(
    db,
    input.accountId,
    input.orderId,
    'card',
    {
      text: `Security deposit hold of ${formatMoney(hold.amountCents, currency)} released`,
    },
    input.userId,
  );
  await publish(db, input.accountId, { type: 'order.updated', orderId: input.orderId });
}
