import { z } from 'zod';

/**
 * back-office spec §4: an order's statuses, in the order an order moves through them. Today's
 * data uses quote, confirmed, out, completed and cancelled; the rest arrive with the order
 * editor.
 */
export const ORDER_STATUSES = [
  'draft',
  'quote',
  'hold',
  'reserved',
  'confirmed',
  'out',
  'returned',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Draft',
  quote: 'Quote',
  hold: 'Hold',
  reserved: 'Reserved',
  confirmed: 'Confirmed',
  out: 'Out',
  returned: 'Returned',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * back-office spec §3, §4: the statuses whose lines count in demand, i.e. hold stock. Quotes
 * and drafts never hold; a returned, completed or cancelled order has released its stock.
 */
export const HOLDING_ORDER_STATUSES = [
  'hold',
  'reserved',
  'confirmed',
  'out',
] as const satisfies readonly OrderStatus[];

/**
 * The orders that are bookings: the customer agreed to them and they were not called off. They
 * make a customer's lifetime value, booking count and balance due. A `hold` is not one yet (it
 * falls back to a quote when it expires); a booking stays one after it is returned and completed.
 */
export const BOOKED_ORDER_STATUSES = [
  'reserved',
  'confirmed',
  'out',
  'returned',
  'completed',
] as const satisfies readonly OrderStatus[];

/**
 * The orders whose rental agreement a customer may still sign (back-office spec §4): before the
 * party goes out. Once out, returned, completed or cancelled, there is nothing left to agree to.
 */
export const SIGNABLE_ORDER_STATUSES = [
  'draft',
  'quote',
  'hold',
  'reserved',
  'confirmed',
] as const satisfies readonly OrderStatus[];

function isOneOf(list: readonly string[], status: string): boolean {
  return list.includes(status);
}

export function isOrderStatus(status: string): status is OrderStatus {
  return isOneOf(ORDER_STATUSES, status);
}

/** Whether an order in `status` holds stock (back-office spec §3). */
export function holdsStock(status: string): boolean {
  return isOneOf(HOLDING_ORDER_STATUSES, status);
}

/** Whether an order in `status` is a booking. */
export function isBookedOrderStatus(status: string): boolean {
  return isOneOf(BOOKED_ORDER_STATUSES, status);
}

/** Whether an unsigned order in `status` can still be signed by the customer. */
export function isSignableOrderStatus(status: string): boolean {
  return isOneOf(SIGNABLE_ORDER_STATUSES, status);
}

/** The status as the product shows it; a status this version does not know is capitalised. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status)
    ? ORDER_STATUS_LABELS[status]
    : status.charAt(0).toUpperCase() + status.slice(1);
}
