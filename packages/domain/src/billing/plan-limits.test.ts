import { describe, expect, it } from 'vitest';
import { PLAN_TIERS } from '../accounts/plan-tier';
import { isReadOnly } from './billing-schemas';
import { allows, checkLimit, PLAN_TABLE, tierThatLifts } from './plan-limits';

describe('PLAN_TABLE', () => {
  it('has one row per tier, each tier allowing at least what the one below allows', () => {
    expect(Object.keys(PLAN_TABLE)).toEqual([...PLAN_TIERS]);
    for (let i = 1; i < PLAN_TIERS.length; i++) {
      const lower = PLAN_TABLE[PLAN_TIERS[i - 1] as 'free'];
      const higher = PLAN_TABLE[PLAN_TIERS[i] as 'free'];
      expect(higher.priceCents).toBeGreaterThan(lower.priceCents);
      for (const [resource, limit] of Object.entries(higher.limits)) {
        const below = lower.limits[resource as 'seats'];
        if (limit !== null) expect(below === null ? Infinity : below).toBeLessThanOrEqual(limit);
      }
      for (const [feature, on] of Object.entries(lower.features))
        if (on) expect(higher.features[feature as 'reach']).toBe(true);
    }
  });

  it('puts Reach on core and above, not on free or lite', () => {
    expect(PLAN_TIERS.filter((t) => PLAN_TABLE[t].features.reach)).toEqual([
      'core',
      'pro',
      'unlimited',
    ]);
  });
});

describe('allows', () => {
  it('counts up to the limit and no further', () => {
    const { products } = PLAN_TABLE.free.limits;
    expect(products).not.toBeNull();
    expect(allows('free', 'products', (products ?? 0) - 1)).toBe(true);
    expect(allows('free', 'products', products ?? 0)).toBe(false);
  });

  it('never stops a limit of null', () => {
    expect(allows('unlimited', 'seats', 1_000_000)).toBe(true);
  });

  it('reads features as on or off', () => {
    expect(allows('free', 'reach')).toBe(false);
    expect(allows('core', 'reach')).toBe(true);
  });
});

describe('tierThatLifts', () => {
  it('is the cheapest higher tier that allows one more', () => {
    expect(tierThatLifts('free', 'reach')).toBe('core');
    expect(tierThatLifts('free', 'seats', PLAN_TABLE.free.limits.seats ?? 0)).toBe('lite');
    expect(tierThatLifts('core', 'vehicles', PLAN_TABLE.core.limits.vehicles ?? 0)).toBe('pro');
    expect(tierThatLifts('free', 'vehicles', 5)).toBe('pro');
  });

  it('is null on the top tier', () => {
    expect(tierThatLifts('unlimited', 'seats', 10)).toBeNull();
  });
});

describe('checkLimit', () => {
  it('is not reached below the limit', () => {
    expect(checkLimit('core', 'vehicles', 0)).toEqual({ reached: false });
  });

  it('names the limit and the plan that lifts it', () => {
    expect(checkLimit('free', 'products', 25)).toEqual({
      reached: true,
      limit: 25,
      liftedBy: 'lite',
      message: 'The Free plan allows 25 products. Upgrade to Lite for more.',
    });
    expect(checkLimit('free', 'vehicles', 1)).toMatchObject({
      limit: 1,
      liftedBy: 'core',
      message: 'The Free plan allows 1 vehicle. Upgrade to Core for more.',
    });
  });

  it('says a feature is not included, and which plan includes it', () => {
    expect(checkLimit('lite', 'reach')).toEqual({
      reached: true,
      limit: null,
      liftedBy: 'core',
      message: 'The Lite plan does not include Reach (calls and texts). Upgrade to Core to use it.',
    });
  });
});

describe('isReadOnly', () => {
  const base = { today: '2026-11-28', hasPaymentMethod: false, subscriptionActive: false };
  it.each([
    { trialEndDate: null, expected: false },
    { trialEndDate: '2026-11-28', expected: false },
    { trialEndDate: '2026-11-27', expected: true },
  ])('trial ending $trialEndDate, no card: $expected', ({ trialEndDate, expected }) => {
    expect(isReadOnly({ ...base, trialEndDate })).toBe(expected);
  });

  it('is writable again once a card is on file or a subscription is paid', () => {
    expect(isReadOnly({ ...base, trialEndDate: '2026-01-01', hasPaymentMethod: true })).toBe(false);
    expect(isReadOnly({ ...base, trialEndDate: '2026-01-01', subscriptionActive: true })).toBe(
      false,
    );
  });
});
