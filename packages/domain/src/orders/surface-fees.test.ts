import { describe, expect, it } from 'vitest';
import { surfaceFee } from './surface-fees';

// §3: "a fee (flat per order, per unit, or per anchor point), taxable or not".
describe('surface fees', () => {
  it.each([
    {
      name: 'flat per order: $25 once for three castles',
      rule: { amount: 2_500, per: 'order' as const, taxable: true },
      quantity: 3,
      anchorPoints: 4,
      expected: 2_500,
    },
    {
      name: 'per unit: $20 a castle on concrete, three castles',
      rule: { amount: 2_000, per: 'unit' as const, taxable: true },
      quantity: 3,
      anchorPoints: 4,
      expected: 6_000,
    },
    {
      name: 'per anchor: $5 a drilled hole, two castles of 4 anchors',
      rule: { amount: 500, per: 'anchor' as const, taxable: false },
      quantity: 2,
      anchorPoints: 4,
      expected: 4_000,
    },
    {
      name: 'per anchor on a product without anchor points is nothing',
      rule: { amount: 500, per: 'anchor' as const, taxable: false },
      quantity: 2,
      anchorPoints: 0,
      expected: 0,
    },
    {
      name: 'no units, no fee, even per order',
      rule: { amount: 2_500, per: 'order' as const, taxable: true },
      quantity: 0,
      anchorPoints: 4,
      expected: 0,
    },
  ])('$name', ({ rule, quantity, anchorPoints, expected }) => {
    expect(surfaceFee(rule, quantity, anchorPoints)).toBe(expected);
  });
});
