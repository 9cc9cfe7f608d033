export const ORDER_STATUS_LABELS: Record<string, string> = {
  quote: 'Quote',
  confirmed: 'Confirmed',
  out: 'Out',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The orders that are bookings: agreed to, and not called off. */
const BOOKED_STATUSES = new Set(['confirmed', 'out', 'completed']);

export function isBooked(status: string): boolean {
  return BOOKED_STATUSES.has(status);
}

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
