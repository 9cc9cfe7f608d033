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

/**
 * §4 "cancelled": what happens to the money already paid when an order is cancelled. The
 * security deposit always goes back; the choice is about the rental money.
 */
export const CANCEL_MONEY_CHOICES = ['refund', 'keep_deposit', 'store_credit'] as const;
export type CancelMoneyChoice = (typeof CANCEL_MONEY_CHOICES)[number];
export const CANCEL_MONEY_LABELS: Readonly<Record<CancelMoneyChoice, string>> = {
  refund: 'Refund everything paid',
  keep_deposit: 'Keep the booking deposit, refund the rest',
  store_credit: 'Give it as store credit',
};

/** What a customer has paid and not had back, per method and kind (rental or deposit). */
export type NetPaid = { method: PaymentMethod; of: MoneyKind; net: number };
export type CancelRefund = { amount: number; of: MoneyKind; method: PaymentMethod };

/**
 * The refunds a cancellation makes: each back the way it was paid (store credit back to store
 * credit), except that `store_credit` turns the rental money into credit and `keep_deposit`
 * keeps up to the booking deposit of the rental money, taken from the last methods listed.
 */
export function cancellationRefunds(
  paid: readonly NetPaid[],
  choice: CancelMoneyChoice,
  depositDue: number,
): CancelRefund[] {
  const refunds: CancelRefund[] = [];
  let keep = choice === 'keep_deposit' ? Math.max(0, depositDue) : 0;
  const rental = paid.filter((p) => p.of === 'rental' && p.net > 0);
  // Kept money comes off the last payments listed first, so the first are refunded whole.
  for (let i = rental.length - 1; i >= 0; i--) {
    const p = rental[i] as NetPaid;
    const kept = Math.min(keep, p.net);
    keep -= kept;
    const amount = p.net - kept;
    if (amount > 0)
      refunds.unshift({
        amount,
        of: 'rental',
        method: choice === 'store_credit' ? 'store_credit' : p.method,
      });
  }
  for (const p of paid)
    if (p.of === 'deposit' && p.net > 0)
      refunds.push({ amount: p.net, of: 'deposit', method: p.method });
  return refunds;
}
