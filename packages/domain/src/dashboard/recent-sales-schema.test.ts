import { describe, expect, it } from 'vitest';
import { recentSalesResponseSchema } from './recent-sales-schema';

const sale = {
  id: 'pay-1',
  orderId: 'order-1',
  orderNumber: 1042,
  customerId: 'cust-1',
  customerName: 'Jamie Fox',
  customerEmail: 'jamie@example.com',
  amountCents: 25_000,
  paidAt: '2026-11-19T15:30:00.000Z',
};

// spec §7: the recent sales response is a list.
describe('recentSalesResponseSchema', () => {
  it.each([
    { why: 'accepts a bare list of sales', input: [sale], ok: true },
    { why: 'accepts an empty list', input: [], ok: true },
    { why: 'rejects the list wrapped in an object', input: { sales: [sale] }, ok: false },
    {
      why: 'rejects a sale without its amount',
      input: [{ ...sale, amountCents: undefined }],
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(recentSalesResponseSchema.safeParse(input).success).toBe(ok);
  });
});
