import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANCEL_MONEY_CHOICES,
  cancellationRefunds,
  type NetPaid,
  PAYMENT_METHODS,
} from './payment-schemas';

const paid: NetPaid[] = [
  { method: 'card', of: 'rental', net: 10_000 },
  { method: 'cash', of: 'rental', net: 5_000 },
  { method: 'cash', of: 'deposit', net: 20_000 },
];

describe('cancellationRefunds', () => {
  it('refunds everything back the way it came', () => {
    expect(cancellationRefunds(paid, 'refund', 7_500)).toEqual([
      { amount: 10_000, of: 'rental', method: 'card' },
      { amount: 5_000, of: 'rental', method: 'cash' },
      { amount: 20_000, of: 'deposit', method: 'cash' },
    ]);
  });

  it('keeps the booking deposit from the last payments, refunds the rest and the security deposit', () => {
    expect(cancellationRefunds(paid, 'keep_deposit', 7_500)).toEqual([
      { amount: 7_500, of: 'rental', method: 'card' },
      { amount: 20_000, of: 'deposit', method: 'cash' },
    ]);
    // Paid less than the deposit: all of it is kept.
    expect(cancellationRefunds(paid.slice(0, 1), 'keep_deposit', 25_000)).toEqual([]);
  });

  it('turns rental money into store credit; the security deposit still goes back', () => {
    expect(cancellationRefunds(paid, 'store_credit', 7_500)).toEqual([
      { amount: 10_000, of: 'rental', method: 'store_credit' },
      { amount: 5_000, of: 'rental', method: 'store_credit' },
      { amount: 20_000, of: 'deposit', method: 'cash' },
    ]);
  });

  it('never refunds more than was paid, and keeps exactly min(booking deposit, rental paid)', () => {
    const netPaid = fc.record({
      method: fc.constantFrom(...PAYMENT_METHODS),
      of: fc.constantFrom('rental' as const, 'deposit' as const),
      net: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(netPaid, { maxLength: 6 }),
        fc.constantFrom(...CANCEL_MONEY_CHOICES),
        fc.integer({ min: 0, max: 10_000_000 }),
        (rows, choice, depositDue) => {
          const refunds = cancellationRefunds(rows, choice, depositDue);
          const sum = (of: string, list: { of: string; amount?: number; net?: number }[]) =>
            list.filter((r) => r.of === of).reduce((s, r) => s + (r.amount ?? r.net ?? 0), 0);
          const rentalPaid = sum('rental', rows);
          const kept = rentalPaid - sum('rental', refunds);
          expect(kept).toBe(choice === 'keep_deposit' ? Math.min(depositDue, rentalPaid) : 0);
          expect(sum('deposit', refunds)).toBe(sum('deposit', rows));
          expect(refunds.every((r) => Number.isInteger(r.amount) && r.amount > 0)).toBe(true);
        },
      ),
    );
  });
});
