import {
  type BillingCheckoutInput,
  type BillingOverview,
  COUNTED_RESOURCES,
  PLAN_TABLE,
  PLAN_TIERS,
  type PlanTier,
  parsePlan,
  planTitle,
  TIER_ORDER,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import type { PaymentsDeps } from '../feature.js';
import { ACTIVE_STATUSES, accountReadOnly, accountUsage, findAccountBilling } from './queries.js';
import { BILLING_KIND, META, settleBillingSession, syncAccountBilling } from './sync.js';
import { accountBilling } from './tables.js';

const BILLING_PATH = '/account?tab=billing';

function notConfigured(): never {
  throw new AppError('conflict', 'Card payments are not set up on this server.');
}

async function account(db: Db, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name, planLevel: accounts.planLevel })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('Account');
  return row;
}

/** The account's Customer at the processor, made once (an idempotency key per account). */
async function processorCustomer(db: Db, stripe: Stripe, accountId: string): Promise<string> {
  const existing = await findAccountBilling(db, accountId);
  if (existing) return existing.processorCustomerId;
  const { name } = await account(db, accountId);
  const customer = await stripe.customers.create(
    { name, metadata: { [META.kind]: BILLING_KIND, [META.account]: accountId } },
    { idempotencyKey: `tentpole-billing-customer-${accountId}` },
  );
  await db
    .insert(accountBilling)
    .values({ accountId, processorCustomerId: customer.id })
    .onConflictDoNothing();
  const row = await findAccountBilling(db, accountId);
  if (!row) throw new Error('billing row was not created');
  return row.processorCustomerId;
}

/**
 * §13: a Checkout Session for the account: setup mode adds a payment method (the trial
 * banner's button); subscription mode starts a paid plan. Returns the hosted page's URL.
 */
export async function startBillingCheckout(
  db: Db,
  payments: PaymentsDeps | undefined,
  accountId: string,
  input: BillingCheckoutInput,
): Promise<string> {
  const { stripe, appUrl } = payments ?? notConfigured();
  const base = appUrl.replace(/\/$/, '');
  const metadata = { [META.kind]: BILLING_KIND, [META.account]: accountId };
  const customer = await processorCustomer(db, stripe, accountId);
  const common = {
    customer,
    success_url: `${base}${BILLING_PATH}&checkout={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}${BILLING_PATH}`,
    client_reference_id: accountId,
  };
  if (input.purpose === 'payment_method') {
    const session = await stripe.checkout.sessions.create({
      ...common,
      mode: 'setup',
      currency: 'usd',
      metadata,
      setup_intent_data: { metadata },
    });
    if (!session.url) throw new Error('Checkout answered without a URL');
    return session.url;
  }
  const billing = await findAccountBilling(db, accountId);
  if (billing && ACTIVE_STATUSES.has(billing.subscriptionStatus ?? ''))
    throw new AppError(
      'conflict',
      'This account already has a subscription: change its plan instead of starting another.',
    );
  const tier = input.tier;
  const session = await stripe.checkout.sessions.create({
    ...common,
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: PLAN_TABLE[tier].priceCents,
          recurring: { interval: 'month' },
          product_data: { name: `Tentpole ${planTitle(tier)}` },
        },
      },
    ],
    metadata: { ...metadata, [META.tier]: tier },
    subscription_data: { metadata: { ...metadata, [META.tier]: tier } },
  });
  if (!session.url) throw new Error('Checkout answered without a URL');
  return session.url;
}

/** The return from Checkout: the session is settled now (the webhook may not have come yet). */
export async function confirmBillingCheckout(
  db: Db,
  payments: PaymentsDeps | undefined,
  accountId: string,
  sessionId: string,
) {
  const { stripe } = payments ?? notConfigured();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('Checkout Session');
    throw error;
  }
  const billing = await findAccountBilling(db, accountId);
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  // Another account's session is not found here (the ids are unguessable, but still).
  if (
    session.metadata?.[META.kind] !== BILLING_KIND ||
    session.metadata?.[META.account] !== accountId ||
    !billing ||
    customer !== billing.processorCustomerId
  )
    throw notFound('Checkout Session');
  await settleBillingSession(db, stripe, session);
}

/**
 * §13: a plan change on a card already on file. A paid plan changes at once (the processor
 * prorates); back to free, the subscription ends at the period's end and the plan stays until
 * then; choosing the plan one is on cancels a waiting change. A lower plan than what the
 * account uses now is refused (409, with what is over).
 */
export async function changePlan(
  db: Db,
  payments: PaymentsDeps | undefined,
  accountId: string,
  tier: PlanTier,
  now: Date,
) {
  const current = parsePlan((await account(db, accountId)).planLevel);
  const billing = await findAccountBilling(db, accountId);
  const live = billing?.subscriptionId && ACTIVE_STATUSES.has(billing.subscriptionStatus ?? '');
  if (TIER_ORDER[tier] < TIER_ORDER[current]) {
    const usage = await accountUsage(db, accountId, now);
    const over = COUNTED_RESOURCES.filter((r) => {
      const limit = PLAN_TABLE[tier].limits[r];
      // Texts and minutes of this month are not a reason to refuse: they start again.
      return r !== 'texts' && r !== 'callMinutes' && limit !== null && usage[r] > limit;
    }).map((r) => ({ resource: r, used: usage[r], limit: PLAN_TABLE[tier].limits[r] }));
    if (over.length > 0)
      throw new AppError(
        'conflict',
        `The ${planTitle(tier)} plan allows fewer than this account uses: ${over
          .map((o) => `${o.used} ${o.resource}, ${o.limit} allowed`)
          .join('; ')}. Remove some first.`,
        undefined,
        { over },
      );
  }
  if (!live || !billing?.subscriptionId) {
    if (tier === 'free' && current !== 'free') {
      await db.update(accounts).set({ planLevel: 'free' }).where(eq(accounts.id, accountId));
      return;
    }
    if (tier === current) return;
    throw new AppError('conflict', 'Choose a paid plan through Checkout to start a subscription.');
  }
  const { stripe } = payments ?? notConfigured();
  const subscription = await stripe.subscriptions.retrieve(billing.subscriptionId);
  if (tier === 'free') {
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  } else if (tier === current) {
    if (subscription.cancel_at_period_end)
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  } else {
    const item = subscription.items.data[0];
    const product = item?.price.product;
    if (!item || !product) throw new Error('subscription without an item');
    await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
      proration_behavior: 'create_prorations',
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            unit_amount: PLAN_TABLE[tier].priceCents,
            recurring: { interval: 'month' },
            product: typeof product === 'string' ? product : product.id,
          },
        },
      ],
      metadata: { [META.tier]: tier },
    });
  }
  await syncAccountBilling(db, stripe, accountId);
}

const iso = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

/** GET /api/billing: plan, usage against its limits, card, invoices (from the processor). */
export async function billingOverview(
  db: Db,
  payments: PaymentsDeps | undefined,
  accountId: string,
  now: Date,
): Promise<BillingOverview> {
  // Three independent reads, side by side: the page asks for this on every visit.
  const [[row], billing, usage] = await Promise.all([
    db
      .select({ planLevel: accounts.planLevel, trialEndDate: accounts.trialEndDate })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    findAccountBilling(db, accountId),
    accountUsage(db, accountId, now),
  ]);
  if (!row) throw notFound('Account');
  const tier = parsePlan(row.planLevel);
  let invoices: BillingOverview['invoices'] = [];
  let invoicesAvailable = true;
  if (billing && payments) {
    try {
      const list = await payments.stripe.invoices.list({
        customer: billing.processorCustomerId,
        limit: 24,
      });
      invoices = list.data.map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        status: i.status ?? 'draft',
        amountDue: i.amount_due,
        amountPaid: i.amount_paid,
        currency: i.currency.toUpperCase(),
        createdAt: new Date(i.created * 1000).toISOString(),
        periodStart: iso(i.period_start),
        periodEnd: iso(i.period_end),
        url: i.hosted_invoice_url ?? null,
      }));
    } catch (error) {
      logger.warn({ err: error }, 'billing: could not list invoices');
      invoicesAvailable = false;
    }
  }
  return {
    plan: { level: row.planLevel, tier, title: planTitle(row.planLevel || tier) },
    trialEndDate: row.trialEndDate,
    readOnly: await accountReadOnly(db, accountId, now),
    subscription:
      billing?.subscriptionId && billing.subscriptionStatus
        ? {
            status: billing.subscriptionStatus as NonNullable<
              BillingOverview['subscription']
            >['status'],
            currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
            scheduledTier: billing.scheduledTier ? parsePlan(billing.scheduledTier) : null,
          }
        : null,
    paymentMethod:
      billing?.paymentMethodId && billing.cardLast4
        ? {
            brand: billing.cardBrand ?? 'card',
            last4: billing.cardLast4,
            expMonth: billing.cardExpMonth,
            expYear: billing.cardExpYear,
          }
        : null,
    usage: COUNTED_RESOURCES.map((resource) => ({
      resource,
      used: usage[resource],
      limit: PLAN_TABLE[tier].limits[resource],
    })),
    plans: PLAN_TIERS.map((t) => ({
      tier: t,
      title: planTitle(t),
      priceCents: PLAN_TABLE[t].priceCents,
      limits: { ...PLAN_TABLE[t].limits },
      features: { ...PLAN_TABLE[t].features },
    })),
    invoices,
    invoicesAvailable,
    cardPayments: Boolean(payments),
  };
}
