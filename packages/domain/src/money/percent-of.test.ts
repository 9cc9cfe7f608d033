import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDivHalfUp, percentOf } from './percent-of';

describe('percent of an amount (§4: "Rounding: ... half up")', () => {
  it.each([
    { amount: 10_000, bps: 825, expected: 825, name: '8.25 % of $100.00 is $8.25' },
    { amount: 50, bps: 1_000, expected: 5, name: 'an exact cent stays as it is' },
    { amount: 5, bps: 1_000, expected: 1, name: 'half a cent rounds up (10 % of 5 ¢ is 1 ¢)' },
    { amount: 4, bps: 1_000, expected: 0, name: 'under half a cent rounds down (10 % of 4 ¢)' },
    { amount: 25, bps: 1_000, expected: 3, name: '2.5 ¢ rounds up to 3 ¢, not to the even 2 ¢' },
    { amount: 0, bps: 825, expected: 0, name: 'nothing of nothing' },
  ])('$name', ({ amount, bps, expected }) => {
    expect(percentOf(amount, bps)).toBe(expected);
  });

  it('is exact past where floating point loses cents', () => {
    // 2^53 − 1 cents × 50 % = 4503599627370495.5 → half up.
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 1, 2)).toBe(4_503_599_627_370_496);
  });

  it('rounds a negative half away from zero, like the positive one', () => {
    expect(mulDivHalfUp(-5, 1, 10)).toBe(-1);
  });

  it('refuses fractions of a cent and division by zero', () => {
    expect(() => percentOf(10.5, 100)).toThrow('Money arithmetic takes whole numbers, not 10.5');
    expect(() => mulDivHalfUp(1, 1, 0)).toThrow('Cannot divide an amount by zero');
  });

  it('is never more than half a cent from the exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const result = percentOf(amount, bps);
          expect(Number.isInteger(result)).toBe(true);
          const exactTimes10k = amount * bps;
          expect(Math.abs(result * 10_000 - exactTimes10k)).toBeLessThanOrEqual(5_000);
        },
      ),
    );
  });
});
