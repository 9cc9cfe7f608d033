import { type CustomerOrder, holdsStock, isBookedOrderStatus } from '@tentpole/domain';

export type CustomerFacts = {
  /** What the customer's bookings are worth (BOOKED_ORDER_STATUSES: confirmed, out, completed…). */
  lifetimeValueCents: number;
  bookingCount: number;
  /** Still owed on bookings. */
  balanceDueCents: number;
  /** The soonest booking on or after today. */
  nextEvent: { orderId: string; number: number; eventDate: string } | null;
  openQuoteCount: number;
};

/** The figures in a customer's header, from their orders; `today` is 'YYYY-MM-DD'. */
export function customerFacts(orders: readonly CustomerOrder[], today: string): CustomerFacts {
  const booked = orders.filter((order) => isBookedOrderStatus(order.status));
  const upcoming = booked
    // A booking still ahead holds its stock; a returned or completed one is over.
    .filter((order) => holdsStock(order.status) && order.eventDate >= today)
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate));
  const next = upcoming[0];
  return {
    lifetimeValueCents: booked.reduce((sum, order) => sum + order.totalCents, 0),
    bookingCount: booked.length,
    balanceDueCents: booked.reduce(
      (sum, order) => sum + Math.max(order.totalCents - order.paidCents, 0),
      0,
    ),
    nextEvent: next ? { orderId: next.id, number: next.number, eventDate: next.eventDate } : null,
    openQuoteCount: orders.filter((order) => order.status === 'quote' && order.eventDate >= today)
      .length,
  };
}
