import { z } from 'zod';
import { PLAN_TIERS, type PlanTier } from '../accounts/plan-tier';
import { COUNTED_RESOURCES, PLAN_FEATURES } from './plan-limits';

const tier = z.enum(PLAN_TIERS);

/** §13: the trial has ended, no card is on file and no subscription is paid: reads only. */
export function isReadOnly(input: {
  trialEndDate: string | null;
  /** Today in the account's timezone (YYYY-MM-DD). */
  today: string;
  hasPaymentMethod: boolean;
  subscriptionActive: boolean;
}): boolean {
  if (!input.trialEndDate || input.hasPaymentMethod || input.subscriptionActive) return false;
  return input.trialEndDate < input.today;
}

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
] as const;

export const billingUsageSchema = z.object({
  resource: z.enum(COUNTED_RESOURCES),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
});

export const billingInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  url: z.string().nullable(),
});
export type BillingInvoice = z.output<typeof billingInvoiceSchema>;

export const billingPlanSchema = z.object({
  tier,
  title: z.string(),
  priceCents: z.number().int().nonnegative(),
  limits: z.record(z.enum(COUNTED_RESOURCES), z.number().int().nullable()),
  features: z.record(z.enum(PLAN_FEATURES), z.boolean()),
});

/** GET /api/billing: the Billing tab (§13). */
export const billingOverviewSchema = z.object({
  plan: z.object({ level: z.string(), tier, title: z.string() }),
  trialEndDate: z.string().nullable(),
  readOnly: z.boolean(),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: z.string().nullable(),
      /** A downgrade waiting for the end of the period. */
      scheduledTier: tier.nullable(),
    })
    .nullable(),
  paymentMethod: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable(),
  usage: z.array(billingUsageSchema),
  plans: z.array(billingPlanSchema),
  invoices: z.array(billingInvoiceSchema),
  /** False when the processor could not be asked for invoices just now. */
  invoicesAvailable: z.boolean(),
  /** False when this server takes no card payments (no Stripe, no sandbox). */
  cardPayments: z.boolean(),
});
export type BillingOverview = z.output<typeof billingOverviewSchema>;

export const billingCheckoutInputSchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('payment_method') }),
  z.object({ purpose: z.literal('plan'), tier: z.enum(['lite', 'core', 'pro', 'unlimited']) }),
]);
export type BillingCheckoutInput = z.input<typeof billingCheckoutInputSchema>;

export const billingCheckoutResponseSchema = z.object({ url: z.string() });

export const billingConfirmInputSchema = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{10,200}$/, 'Not a Checkout Session id'),
});

/** A plan change without Checkout (a card is on file): lower tiers at the period's end. */
export const billingPlanChangeInputSchema = z.object({ tier });
export type BillingPlanChangeInput = z.input<typeof billingPlanChangeInputSchema>;

export const TIER_ORDER: Readonly<Record<PlanTier, number>> = Object.fromEntries(
  PLAN_TIERS.map((t, i) => [t, i]),
) as Record<PlanTier, number>;
