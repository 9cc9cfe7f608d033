import { describe, expect, it } from 'vitest';
import { percentageChange } from './percentage-change';

// spec §9: current / max(previous, 1) × 100 − 100, rounded to 2 decimals.
describe('percentageChange', () => {
  it.each([
    { current: 150, previous: 100, expected: 50 },
    { current: 50, previous: 100, expected: -50 },
    { current: 100, previous: 100, expected: 0 },
    { current: 1, previous: 3, expected: -66.67 },
    { current: 2, previous: 3, expected: -33.33 },
    { current: 10, previous: 3, expected: 233.33 },
    { current: 5, previous: 0, expected: 400 },
    { current: 0, previous: 0, expected: -100 },
    { current: 1, previous: 0, expected: 0 },
    { current: 3, previous: 0.5, expected: 200 },
    { current: 99_999, previous: 100_000, expected: 0 },
  ])('gives $expected for $current against $previous', ({ current, previous, expected }) => {
    expect(percentageChange(current, previous)).toBe(expected);
  });
});
