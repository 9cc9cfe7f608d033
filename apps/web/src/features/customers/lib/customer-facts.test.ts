import type { CustomerOrder } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { customerFacts } from './customer-facts';

function order(
  number: number,
  status: string,
  eventDate: string,
  totalCents: number,
  paidCents = 0,
): CustomerOrder {
  return {
    id: `order-${number}`,
    number,
    status,
    eventDate,
    totalCents,
    paidCents,
    createdAt: '2026-01-01T00:00:00.000Z',
    lines: [],
  };
}

const today = '2026-06-10';

describe('customerFacts', () => {
  it('has nothing to report for a customer without orders', () => {
    expect(customerFacts([], today)).toEqual({
      lifetimeValueCents: 0,
      bookingCount: 0,
      balanceDueCents: 0,
      nextEvent: null,
      openQuoteCount: 0,
    });
  });

  it('counts confirmed, out and completed orders as bookings; not quotes or cancellations', () => {
    const facts = customerFacts(
      [
        order(1, 'completed', '2026-05-01', 10_000, 10_000),
        order(2, 'confirmed', '2026-07-01', 20_000, 5_000),
        order(3, 'out', '2026-06-10', 30_000, 30_000),
        order(4, 'quote', '2026-08-01', 99_000),
        order(5, 'cancelled', '2026-06-20', 50_000, 0),
      ],
      today,
    );
    expect(facts.lifetimeValueCents).toBe(60_000);
    expect(facts.bookingCount).toBe(3);
    expect(facts.balanceDueCents).toBe(15_000);
    expect(facts.openQuoteCount).toBe(1);
  });

  it('takes the soonest booking on or after today as the next event', () => {
    const facts = customerFacts(
      [
        order(7, 'confirmed', '2026-09-01', 1),
        order(8, 'confirmed', '2026-06-10', 1),
        order(9, 'confirmed', '2026-06-09', 1),
        order(10, 'quote', '2026-06-11', 1),
      ],
      today,
    );
    expect(facts.nextEvent).toEqual({ orderId: 'order-8', number: 8, eventDate: '2026-06-10' });
  });

  it('never counts an overpayment against what other bookings owe', () => {
    const facts = customerFacts(
      [order(1, 'confirmed', '2026-07-01', 10_000, 12_000), order(2, 'out', today, 5_000, 0)],
      today,
    );
    expect(facts.balanceDueCents).toBe(5_000);
  });
});
