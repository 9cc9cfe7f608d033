import { PLAN_TIERS, type PlanTier } from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { accountBilling } from './tables.js';

/** Metadata on everything billing makes at the processor, so its events find their account. */
export const BILLING_KIND = 'billing';
export const META = { kind: 'tentpole_kind', account: 'tentpole_account', tier: 'tentpole_tier' };

const ACTIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
/** A subscription in one of these has ended: the account is back on the free plan. */
const ENDED: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const isTier = (value: unknown): value is PlanTier =>
  typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);

/**
 * Reads the account's subscription and default card from the processor and writes them, with
 * the plan they give, while holding the account's billing row: two syncs (a webhook and the
 * return from Checkout, or two deliveries of one event) run one after the other, and the last
 * writes what the processor has now, so nothing is applied twice or rolled back.
 */
export async function syncAccountBilling(db: Db, stripe: Stripe, accountId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountBilling)
      .where(eq(accountBilling.accountId, accountId))
      .for('update');
    if (!row) return;
    const customer = await stripe.customers.retrieve(row.processorCustomerId);
    if (customer.deleted) return;
    const { data: subscriptions } = await stripe.subscriptions.list({
      customer: row.processorCustomerId,
      status: 'all',
      limit: 20,
    });
    // The live one if any, else the newest (a cancelled plan is how the account went free).
    const ours = subscriptions.filter((s) => s.metadata?.[META.account] === accountId);
    const subscription =
      ours.find((s) => ACTIVE.has(s.status)) ??
      [...ours].sort((a, b) => b.created - a.created)[0] ??
      null;
    const pmId =
      idOf(customer.invoice_settings?.default_payment_method) ??
      idOf(subscription?.default_payment_method) ??
      null;
    const pm = pmId ? await stripe.paymentMethods.retrieve(pmId) : null;
    const tier = subscription?.metadata?.[META.tier];
    const live = subscription && ACTIVE.has(subscription.status);
    const periodEnd =
      subscription?.items.data[0]?.current_period_end ??
      (subscription as { current_period_end?: number } | null)?.current_period_end ??
      null;
    await tx
      .update(accountBilling)
      .set({
        subscriptionId: subscription?.id ?? null,
        subscriptionStatus: subscription?.status ?? null,
        subscriptionTier: isTier(tier) ? tier : null,
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        scheduledTier: live && subscription.cancel_at_period_end ? 'free' : null,
        paymentMethodId: pm?.id ?? null,
        cardBrand: pm?.card?.brand ?? null,
        cardLast4: pm?.card?.last4 ?? null,
        cardExpMonth: pm?.card?.exp_month ?? null,
        cardExpYear: pm?.card?.exp_year ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(accountBilling.accountId, accountId));
    // The plan follows the subscription: a live one's tier; one that ended leaves the free plan.
    // An account that never subscribed, or whose first payment is still incomplete (a declined
    // card on the Checkout page), keeps the plan it has. A card on file or a paid plan ends the
    // trial (the banner goes; the account can never turn read-only for it).
    const plan =
      live && isTier(tier) ? tier : subscription && ENDED.has(subscription.status) ? 'free' : null;
    const converted = Boolean(pm) || Boolean(live);
    if (plan || converted)
      await tx
        .update(accounts)
        .set({
          ...(plan ? { planLevel: plan } : {}),
          ...(converted ? { trialEndDate: null } : {}),
        })
        .where(eq(accounts.id, accountId));
  });
}

/**
 * A completed setup-mode Checkout of ours: its card becomes the customer's default (and the
 * subscription's, if there is one), as Stripe leaves that to the merchant.
 */
async function adoptSetupCard(stripe: Stripe, session: Stripe.Checkout.Session) {
  const setupId = idOf(session.setup_intent);
  const customerId = idOf(session.customer);
  if (!setupId || !customerId) return;
  const setup = await stripe.setupIntents.retrieve(setupId);
  const pm = idOf(setup.payment_method);
  if (setup.status !== 'succeeded' || !pm) return;
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm } });
  const { data } = await stripe.subscriptions.list({ customer: customerId, limit: 10 });
  for (const subscription of data)
    if (ACTIVE.has(subscription.status))
      await stripe.subscriptions.update(subscription.id, { default_payment_method: pm });
}

/** The account a billing Checkout Session belongs to (null: not one of billing's). */
export function sessionAccount(session: Stripe.Checkout.Session): string | null {
  if (session.metadata?.[META.kind] !== BILLING_KIND) return null;
  return session.metadata?.[META.account] ?? null;
}

/** A Checkout Session of billing's, settled (from the webhook or the return page). */
export async function settleBillingSession(
  db: Db,
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<string | null> {
  const accountId = sessionAccount(session);
  if (!accountId) return null;
  if (session.status === 'complete' && session.mode === 'setup') {
    await adoptSetupCard(stripe, session);
  }
  await syncAccountBilling(db, stripe, accountId);
  return accountId;
}

async function accountOfCustomer(db: Db, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await db
    .select({ accountId: accountBilling.accountId })
    .from(accountBilling)
    .where(eq(accountBilling.processorCustomerId, customerId))
    .limit(1);
  return row?.accountId ?? null;
}

/**
 * A verified processor event, if it is billing's: true when handled here (the payments
 * feature's webhook asks first, so card payments never see the account's own subscription).
 */
export async function handleBillingEvent(
  db: Db,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<boolean> {
  const object = event.data.object as { object?: string };
  if (object.object === 'checkout.session') {
    const session = event.data.object as Stripe.Checkout.Session;
    if (!sessionAccount(session)) return false;
    await settleBillingSession(db, stripe, session);
    return true;
  }
  if (object.object === 'subscription' || object.object === 'invoice') {
    const customer = idOf((event.data.object as { customer?: string | { id: string } }).customer);
    const accountId = await accountOfCustomer(db, customer);
    if (!accountId) return false;
    await syncAccountBilling(db, stripe, accountId);
    return true;
  }
  return false;
}
