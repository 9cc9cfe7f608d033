import { z } from 'zod';
import { amountSchema } from '../inventory/inventory-schemas';

/**
 * back-office spec §4 "Payments": manual methods staff record with `payment.write`, refunds
 * with `payment.refund`, each split between rental money and the refundable security deposit.
 * Store credit is a ledger on the customer, spent as a payment method.
 */
export const PAYMENT_METHODS = [
  'cash',
  'check',
  'bank_transfer',
  'card',
  'terminal',
  'store_credit',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  terminal: 'Card on a terminal',
  store_credit: 'Store credit',
};
export const MONEY_KINDS = ['rental', 'deposit'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

const positive = amountSchema.refine((value) => value > 0, 'Enter an amount above zero');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/orders/{id}/payments */
export const paymentInputSchema = z.object({
  amount: positive,
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  of: z.enum(MONEY_KINDS).default('rental'),
  note: text(500),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/**
 * How a refund goes back: a manual method, store credit, or (§6) `card_online`, through the
 * card processor to the card(s) the order was paid with online.
 */
export const REFUND_METHODS = [...PAYMENT_METHODS, 'card_online'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Readonly<Record<RefundMethod, string>> = {
  ...PAYMENT_METHOD_LABELS,
  card_online: 'Back to the card it was paid with online',
};

/** POST /api/orders/{id}/refunds: back the way it came, or as store credit. */
export const refundInputSchema = z.object({
  amount: positive,
  of: z.enum(MONEY_KINDS),
  reason: z.string().trim().min(1, 'Say why it is refunded').max(500),
  method: z.enum(REFUND_METHODS).default('cash'),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  of: z.enum(MONEY_KINDS),
  /** Positive for a payment, negative for a refund, in minor units. */
  amount: z.number().int(),
  method: z.string(),
  note: z.string().nullable(),
  paidAt: z.string(),
  /** Taken or refunded through the card processor (a pay link, a capture, a card refund). */
  online: z.boolean().default(false),
});
export type Payment = z.output<typeof paymentSchema>;
export const paymentListResponseSchema = z.object({
  payments: z.array(paymentSchema),
  /** The customer's store credit left, after these. */
  storeCredit: z.number().int(),
});

/** §6: what a pay link asks for. */
export const PAY_LINK_PURPOSES = ['deposit', 'balance', 'custom'] as const;
export type PayLinkPurpose = (typeof PAY_LINK_PURPOSES)[number];
export const PAY_LINK_PURPOSE_LABELS: Readonly<Record<PayLinkPurpose, string>> = {
  deposit: 'Booking deposit',
  balance: 'Balance',
  custom: 'Another amount',
};

/** POST /api/orders/{id}/pay-links */
export const payLinkInputSchema = z
  .object({
    purpose: z.enum(PAY_LINK_PURPOSES, { error: 'Choose what the link is for' }),
    amount: positive.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.purpose === 'custom' && value.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount' });
  });
export type PayLinkInput = z.input<typeof payLinkInputSchema>;

export const payLinkSchema = z.object({
  id: z.string(),
  purpose: z.enum(PAY_LINK_PURPOSES),
  amount: z.number().int(),
  status: z.enum(['open', 'paid', 'expired']),
  /** The Checkout page while the link is open; null once paid or expired. */
  url: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayLink = z.output<typeof payLinkSchema>;

export const payLinkResponseSchema = z.object({ payLink: payLinkSchema });
export const payLinkListResponseSchema = z.object({
  payLinks: z.array(payLinkSchema),
  /** Whether this server takes card payments (Stripe or its sandbox is configured). */
  cardPayments: z.boolean(),
});

/** POST /api/orders/{id}/pay-links/{linkId}/email */
export const emailQueuedResponseSchema = z.object({ queued: z.literal(true), to: z.string() });

export * from './cancel-money';
export * from './card-settings';
