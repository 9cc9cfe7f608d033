import { describe, expect, it } from 'vitest';
import { nextPlanTier, PLAN_TIERS, parsePlan } from './plan-tier';

describe('PLAN_TIERS', () => {
  it('lists free, lite, core, pro and unlimited', () => {
    expect(PLAN_TIERS).toEqual(['free', 'lite', 'core', 'pro', 'unlimited']);
  });
});

// spec §9: case-insensitive; core, pro, unlimited, lite map to themselves; else free.
describe('parsePlan', () => {
  it.each([
    { level: 'core', expected: 'core' },
    { level: 'pro', expected: 'pro' },
    { level: 'unlimited', expected: 'unlimited' },
    { level: 'lite', expected: 'lite' },
    { level: 'PRO', expected: 'pro' },
    { level: 'Unlimited', expected: 'unlimited' },
    { level: 'free', expected: 'free' },
    { level: 'enterprise', expected: 'free' },
    { level: 'pro_annual', expected: 'free' },
    { level: ' pro', expected: 'free' },
    { level: '', expected: 'free' },
    { level: null, expected: 'free' },
    { level: undefined, expected: 'free' },
  ])("parses '$level' as $expected", ({ level, expected }) => {
    expect(parsePlan(level)).toBe(expected);
  });
});

// spec §4: the upgrade ladder.
describe('nextPlanTier', () => {
  it.each([
    { tier: 'free', expected: 'core' },
    { tier: 'lite', expected: 'core' },
    { tier: 'core', expected: 'pro' },
    { tier: 'pro', expected: 'unlimited' },
    { tier: 'unlimited', expected: null },
  ] as const)('goes from $tier to $expected', ({ tier, expected }) => {
    expect(nextPlanTier(tier)).toBe(expected);
  });
});
