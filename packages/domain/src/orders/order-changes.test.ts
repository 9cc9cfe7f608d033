import { describe, expect, it } from 'vitest';
import { describeOrderChange, orderChanges, type SignedTerms } from './order-changes';

const signed: SignedTerms = {
  eventStart: '2027-06-12T15:00:00Z',
  eventEnd: '2027-06-12T23:00:00Z',
  address: '12 Oak St, Austin, TX 78701',
  lines: [
    { description: 'Castle Bounce House', quantity: 1, amount: 22_500 },
    { description: 'Folding Chair (white)', quantity: 20, amount: 4_000 },
    { description: 'Concrete setup: Castle Bounce House', quantity: 1, amount: 2_000 },
  ],
  total: 28_500,
};

describe('orderChanges', () => {
  it('is empty when nothing that was signed changed (times in another offset are the same)', () => {
    expect(
      orderChanges(signed, {
        ...signed,
        eventStart: '2027-06-12T10:00:00-05:00',
        lines: [...signed.lines].reverse(),
      }),
    ).toEqual([]);
  });

  it('lists only the differences: items added, removed, quantities, dates, address and the total', () => {
    const now: SignedTerms = {
      eventStart: '2027-06-13T15:00:00Z',
      eventEnd: '2027-06-13T23:00:00Z',
      address: '14 Oak St, Austin, TX 78701',
      lines: [
        { description: 'Castle Bounce House', quantity: 1, amount: 22_500 },
        { description: 'Folding Chair (white)', quantity: 30, amount: 6_000 },
        { description: 'Cotton Candy Machine', quantity: 1, amount: 7_500 },
      ],
      total: 36_000,
    };
    expect(orderChanges(signed, now)).toEqual([
      {
        kind: 'dates',
        from: { start: signed.eventStart, end: signed.eventEnd },
        to: { start: now.eventStart, end: now.eventEnd },
      },
      { kind: 'address', from: signed.address, to: now.address },
      {
        kind: 'quantity',
        description: 'Folding Chair (white)',
        from: 20,
        to: 30,
        amountFrom: 4_000,
        amountTo: 6_000,
      },
      { kind: 'added', description: 'Cotton Candy Machine', quantity: 1, amount: 7_500 },
      {
        kind: 'removed',
        description: 'Concrete setup: Castle Bounce House',
        quantity: 1,
        amount: 2_000,
      },
      { kind: 'total', from: 28_500, to: 36_000, difference: 7_500 },
    ]);
  });
});

describe('describeOrderChange', () => {
  it('words each difference with the money and the day as the caller formats them', () => {
    const format = {
      money: (c: number) => `$${(c / 100).toFixed(2)}`,
      day: (iso: string) => iso.slice(0, 10),
    };
    expect(
      orderChanges(signed, { ...signed, eventStart: '2027-06-13T15:00:00Z', total: 27_000 }).map(
        (c) => describeOrderChange(c, format),
      ),
    ).toEqual(['Dates: 2027-06-12 → 2027-06-13', 'Total: $285.00 → $270.00 (−$15.00)']);
  });
});
