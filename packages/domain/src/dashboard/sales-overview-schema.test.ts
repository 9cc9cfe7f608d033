import { describe, expect, it } from 'vitest';
import { EMPTY_SALES_OVERVIEW, salesOverviewResponseSchema } from './sales-overview-schema';

// spec §3: the sales overview carries payments and totalAmount.
describe('salesOverviewResponseSchema', () => {
  it.each([
    {
      why: 'accepts payments by month and a total',
      input: { payments: [{ month: '2026-05', amountCents: 125_050 }], totalAmount: 125_050 },
      ok: true,
    },
    { why: 'accepts the empty overview', input: EMPTY_SALES_OVERVIEW, ok: true },
    { why: 'rejects a missing total', input: { payments: [] }, ok: false },
    {
      why: 'rejects an amount given as a string',
      input: { payments: [{ month: '2026-05', amountCents: '12.50' }], totalAmount: 0 },
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(salesOverviewResponseSchema.safeParse(input).success).toBe(ok);
  });

  it('falls back to no payments and a zero total (spec §7)', () => {
    expect(EMPTY_SALES_OVERVIEW).toEqual({ payments: [], totalAmount: 0 });
  });
});
