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

/** POST /api/orders/{id}/refunds: back the way it came, or as store credit. */
export const refundInputSchema = z.object({
  amount: positive,
  of: z.enum(MONEY_KINDS),
  reason: z.string().trim().min(1, 'Say why it is refunded').max(500),
  method: z.enum(PAYMENT_METHODS).default('cash'),
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
});
export type Payment = z.output<typeof paymentSchema>;
export const paymentListResponseSchema = z.object({
  payments: z.array(paymentSchema),
  /** The customer's store credit left, after these. */
  storeCredit: z.number().int(),
});

export * from './cancel-money';
