import type { MoneyKind, PaymentMethod } from './payment-schemas';

// No zod here: the order list's URL schema imports these choices, and a module of zod schemas
// would come with them into the first visit's JavaScript.

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
