import { describe, expect, it } from 'vitest';
import {
  BOOKED_ORDER_STATUSES,
  HOLDING_ORDER_STATUSES,
  holdsStock,
  isBookedOrderStatus,
  isSignableOrderStatus,
  ORDER_STATUSES,
  orderStatusLabel,
  orderStatusSchema,
} from './order-status';

// back-office spec §4: the statuses table, one row per status.
describe('order statuses', () => {
  it.each([
    { status: 'draft', label: 'Draft', holds: false, booked: false, signable: true },
    { status: 'quote', label: 'Quote', holds: false, booked: false, signable: true },
    { status: 'hold', label: 'Hold', holds: true, booked: false, signable: true },
    { status: 'reserved', label: 'Reserved', holds: true, booked: true, signable: true },
    { status: 'confirmed', label: 'Confirmed', holds: true, booked: true, signable: true },
    { status: 'out', label: 'Out', holds: true, booked: true, signable: false },
    { status: 'returned', label: 'Returned', holds: false, booked: true, signable: false },
    { status: 'completed', label: 'Completed', holds: false, booked: true, signable: false },
    { status: 'cancelled', label: 'Cancelled', holds: false, booked: false, signable: false },
  ])('$status reads "$label", holds stock: $holds, booked: $booked, signable: $signable', (row) => {
    expect(orderStatusLabel(row.status)).toBe(row.label);
    expect(holdsStock(row.status)).toBe(row.holds);
    expect(isBookedOrderStatus(row.status)).toBe(row.booked);
    expect(isSignableOrderStatus(row.status)).toBe(row.signable);
  });

  it('lists the statuses in the order an order moves through them', () => {
    expect(ORDER_STATUSES).toEqual([
      'draft',
      'quote',
      'hold',
      'reserved',
      'confirmed',
      'out',
      'returned',
      'completed',
      'cancelled',
    ]);
  });

  it('holds stock in hold, reserved, confirmed and out only (back-office spec §3)', () => {
    expect(HOLDING_ORDER_STATUSES).toEqual(['hold', 'reserved', 'confirmed', 'out']);
  });

  it('counts every status the data uses today as before: confirmed, out and completed', () => {
    const today = ['quote', 'confirmed', 'out', 'completed', 'cancelled'];
    expect(today.filter(isBookedOrderStatus)).toEqual(['confirmed', 'out', 'completed']);
    expect(BOOKED_ORDER_STATUSES).not.toContain('cancelled');
  });

  it.each([
    { status: 'on-site', label: 'On-site' },
    { status: '', label: '' },
  ])('capitalises a status it does not know ($status)', ({ status, label }) => {
    expect(orderStatusLabel(status)).toBe(label);
    expect(holdsStock(status)).toBe(false);
    expect(isBookedOrderStatus(status)).toBe(false);
  });

  it('rejects a status outside the state machine', () => {
    expect(orderStatusSchema.safeParse('confirmed').success).toBe(true);
    expect(orderStatusSchema.safeParse('Confirmed').success).toBe(false);
    expect(orderStatusSchema.safeParse('booked').success).toBe(false);
  });
});
