import { describe, expect, it } from 'vitest';
import { planTitle } from './plan-title';

// spec §1: underscores replaced by spaces, first letter capitalised.
describe('planTitle', () => {
  it.each([
    { level: 'pro', expected: 'Pro' },
    { level: 'very_big_plan', expected: 'Very big plan' },
    { level: 'unlimited', expected: 'Unlimited' },
    { level: 'core_annual', expected: 'Core annual' },
    { level: 'PRO', expected: 'PRO' },
    { level: '', expected: '' },
  ])("shows '$level' as '$expected'", ({ level, expected }) => {
    expect(planTitle(level)).toBe(expected);
  });
});
