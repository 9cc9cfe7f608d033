import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductPricing } from '../inventory/inventory-schemas';
import { linePrice, rentalDays } from './pricing';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);
const chicago = (start: string, end: string) => ({
  start: at(start),
  end: at(end),
  timeZone: CHICAGO,
});

// §5.2: "up to 24 h $150, up to 48 h $225, up to 72 h $275; beyond the last tier add a price
// per extra day".
const tiers = [
  { hours: 24, amount: 15_000 },
  { hours: 48, amount: 22_500 },
  { hours: 72, amount: 27_500 },
];
const daily: ProductPricing = { mode: 'daily', tiers, extraDayAmount: 5_000 };

describe('daily pricing (§5.2: "a day is the account\'s day boundary in its timezone; a same-day rental is one day")', () => {
  it.each([
    {
      name: 'a same-day party is one day: the 24 h tier',
      period: chicago('2026-06-13T10:00:00-05:00', '2026-06-13T18:00:00-05:00'),
      expected: { unitAmount: 15_000, explanation: '1 day: 24 h tier' },
    },
    {
      name: 'ending exactly at midnight does not touch the next day',
      period: chicago('2026-06-13T10:00:00-05:00', '2026-06-14T00:00:00-05:00'),
      expected: { unitAmount: 15_000, explanation: '1 day: 24 h tier' },
    },
    {
      name: 'a minute past midnight is a second day',
      period: chicago('2026-06-13T10:00:00-05:00', '2026-06-14T00:01:00-05:00'),
      expected: { unitAmount: 22_500, explanation: '2 days: 48 h tier' },
    },
    {
      name: 'overnight, 24 h by the clock, is two days (day boundaries, not hours)',
      period: chicago('2026-06-13T10:00:00-05:00', '2026-06-14T10:00:00-05:00'),
      expected: { unitAmount: 22_500, explanation: '2 days: 48 h tier' },
    },
    {
      name: 'Friday to Sunday: three days, the 72 h tier',
      period: chicago('2026-06-12T16:00:00-05:00', '2026-06-14T20:00:00-05:00'),
      expected: { unitAmount: 27_500, explanation: '3 days: 72 h tier' },
    },
    {
      name: 'four days: the last tier + an extra day',
      period: chicago('2026-06-11T09:00:00-05:00', '2026-06-14T20:00:00-05:00'),
      expected: { unitAmount: 32_500, explanation: '4 days: 72 h tier + 1 extra day' },
    },
    {
      name: 'a week: the last tier + four extra days',
      period: chicago('2026-06-08T09:00:00-05:00', '2026-06-14T20:00:00-05:00'),
      expected: { unitAmount: 47_500, explanation: '7 days: 72 h tier + 4 extra days' },
    },
    {
      name: 'spring forward: Saturday to Sunday 8 March (a 23-hour day) is two days',
      period: chicago('2026-03-07T09:00:00-06:00', '2026-03-08T21:00:00-05:00'),
      expected: { unitAmount: 22_500, explanation: '2 days: 48 h tier' },
    },
    {
      name: 'spring forward: all of the 23-hour Sunday is one day',
      period: chicago('2026-03-08T00:00:00-06:00', '2026-03-09T00:00:00-05:00'),
      expected: { unitAmount: 15_000, explanation: '1 day: 24 h tier' },
    },
    {
      name: 'fall back: Saturday 00:00 to Monday 00:00 is 49 h by the clock but two days',
      period: chicago('2026-10-31T00:00:00-05:00', '2026-11-02T00:00:00-06:00'),
      expected: { unitAmount: 22_500, explanation: '2 days: 48 h tier' },
    },
    {
      name: 'fall back: all of the 25-hour Sunday is one day',
      period: chicago('2026-11-01T00:00:00-05:00', '2026-11-02T00:00:00-06:00'),
      expected: { unitAmount: 15_000, explanation: '1 day: 24 h tier' },
    },
    {
      name: 'a period that ends before it starts is priced as one day',
      period: chicago('2026-06-13T10:00:00-05:00', '2026-06-13T09:00:00-05:00'),
      expected: { unitAmount: 15_000, explanation: '1 day: 24 h tier' },
    },
  ])('$name', ({ period, expected }) => {
    expect(linePrice(daily, period, 1)).toEqual({ ...expected, amount: expected.unitAmount });
  });

  it('counts days in the account’s timezone, not in UTC', () => {
    // 18:00–23:00 in Chicago is 23:00–04:00 UTC: one day in Chicago, two in UTC.
    const start = at('2026-06-13T18:00:00-05:00');
    const end = at('2026-06-13T23:00:00-05:00');
    expect(rentalDays({ start, end, timeZone: CHICAGO })).toBe(1);
    expect(rentalDays({ start, end, timeZone: 'UTC' })).toBe(2);
  });

  it('with no extra-day price, repeats the last tier’s daily rate (72 h $275 → $91.67 a day)', () => {
    const pricing: ProductPricing = { mode: 'daily', tiers, extraDayAmount: null };
    const period = chicago('2026-06-10T09:00:00-05:00', '2026-06-14T20:00:00-05:00');
    expect(linePrice(pricing, period, 1)).toEqual({
      unitAmount: 27_500 + 2 * 9_167,
      amount: 45_834,
      explanation: '5 days: 72 h tier + 2 extra days',
    });
  });

  it('a single "up to 24 h $150" tier costs $150 a day for any length', () => {
    const pricing: ProductPricing = {
      mode: 'daily',
      tiers: [{ hours: 24, amount: 15_000 }],
      extraDayAmount: null,
    };
    const period = chicago('2026-06-12T09:00:00-05:00', '2026-06-14T20:00:00-05:00');
    expect(linePrice(pricing, period, 1).unitAmount).toBe(45_000);
  });

  it('a tier shorter than a day is never chosen: a day is 24 h', () => {
    const pricing: ProductPricing = {
      mode: 'daily',
      tiers: [
        { hours: 6, amount: 9_000 },
        { hours: 24, amount: 15_000 },
      ],
      extraDayAmount: 10_000,
    };
    const period = chicago('2026-06-13T10:00:00-05:00', '2026-06-13T12:00:00-05:00');
    expect(linePrice(pricing, period, 1).explanation).toBe('1 day: 24 h tier');
  });

  it('multiplies the unit price by the quantity', () => {
    const period = chicago('2026-06-13T10:00:00-05:00', '2026-06-14T10:00:00-05:00');
    expect(linePrice(daily, period, 3)).toEqual({
      unitAmount: 22_500,
      amount: 67_500,
      explanation: '2 days: 48 h tier',
    });
  });
});

describe('hourly pricing (§5.2: "a minimum number of hours at a price, then a price per extra hour")', () => {
  const hourly: ProductPricing = {
    mode: 'hourly',
    minimumHours: 3,
    minimumAmount: 30_000,
    extraHourAmount: 7_500,
  };
  it.each([
    {
      name: 'under the minimum pays the minimum',
      period: chicago('2026-06-13T14:00:00-05:00', '2026-06-13T16:00:00-05:00'),
      expected: { unitAmount: 30_000, explanation: '2 h: 3 h minimum' },
    },
    {
      name: 'exactly the minimum',
      period: chicago('2026-06-13T14:00:00-05:00', '2026-06-13T17:00:00-05:00'),
      expected: { unitAmount: 30_000, explanation: '3 h: 3 h minimum' },
    },
    {
      name: 'a started extra hour is an extra hour',
      period: chicago('2026-06-13T14:00:00-05:00', '2026-06-13T17:01:00-05:00'),
      expected: { unitAmount: 37_500, explanation: '4 h: 3 h minimum + 1 extra hour' },
    },
    {
      name: 'two extra hours',
      period: chicago('2026-06-13T14:00:00-05:00', '2026-06-13T19:00:00-05:00'),
      expected: { unitAmount: 45_000, explanation: '5 h: 3 h minimum + 2 extra hours' },
    },
    {
      name: 'a night across spring forward counts the hours that passed (22:00–04:00 is 5 h)',
      period: chicago('2026-03-07T22:00:00-06:00', '2026-03-08T04:00:00-05:00'),
      expected: { unitAmount: 45_000, explanation: '5 h: 3 h minimum + 2 extra hours' },
    },
  ])('$name', ({ period, expected }) => {
    expect(linePrice(hourly, period, 1)).toEqual({ ...expected, amount: expected.unitAmount });
  });
});

describe('flat pricing (§5.2: "one price per order line")', () => {
  it('is the amount per unit whatever the period', () => {
    const period = chicago('2026-06-10T10:00:00-05:00', '2026-06-14T18:00:00-05:00');
    expect(linePrice({ mode: 'flat', amount: 1_200 }, period, 10)).toEqual({
      unitAmount: 1_200,
      amount: 12_000,
      explanation: 'Flat price',
    });
  });
});

describe('pricing properties', () => {
  const arbDaily = fc
    .uniqueArray(fc.integer({ min: 1, max: 24 * 10 }), { minLength: 1, maxLength: 6 })
    .chain((hours) =>
      fc
        .tuple(
          fc.array(fc.integer({ min: 0, max: 50_000 }), {
            minLength: hours.length,
            maxLength: hours.length,
          }),
          fc.option(fc.integer({ min: 0, max: 50_000 })),
        )
        .map(([steps, extraDayAmount]): ProductPricing => {
          const sorted = [...hours].sort((a, b) => a - b);
          // Longer tiers never cost less than shorter ones, as a price list reads.
          const amounts = steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0));
          return {
            mode: 'daily',
            tiers: sorted.map((h, i) => ({ hours: h, amount: amounts[i] ?? 0 })),
            extraDayAmount,
          };
        }),
    );
  const arbPricing: fc.Arbitrary<ProductPricing> = fc.oneof(
    arbDaily,
    fc.record({
      mode: fc.constant('hourly' as const),
      minimumHours: fc.integer({ min: 1, max: 24 }),
      minimumAmount: fc.integer({ min: 0, max: 100_000 }),
      extraHourAmount: fc.integer({ min: 0, max: 20_000 }),
    }),
    fc.record({ mode: fc.constant('flat' as const), amount: fc.integer({ min: 0, max: 100_000 }) }),
  );
  const arbStart = fc.integer({
    min: at('2026-01-01T00:00:00Z'),
    max: at('2026-12-31T00:00:00Z'),
  });
  const arbLength = fc.integer({ min: 0, max: 20 * 24 * 60 }).map((minutes) => minutes * 60_000);
  const arbZone = fc.constantFrom(CHICAGO, 'UTC', 'Europe/London', 'Pacific/Auckland');

  it('a longer rental never costs less', () => {
    fc.assert(
      fc.property(
        arbPricing,
        arbZone,
        arbStart,
        arbLength,
        arbLength,
        (pricing, timeZone, start, a, b) => {
          const [shorter, longer] = a <= b ? [a, b] : [b, a];
          const priceOf = (length: number) =>
            linePrice(pricing, { start, end: start + length, timeZone }, 1).amount;
          expect(priceOf(longer)).toBeGreaterThanOrEqual(priceOf(shorter));
        },
      ),
    );
  });

  it('every amount is a whole number of cents, never negative, unit × quantity', () => {
    fc.assert(
      fc.property(
        arbPricing,
        arbZone,
        arbStart,
        arbLength,
        fc.integer({ min: 0, max: 500 }),
        (pricing, timeZone, start, length, quantity) => {
          const price = linePrice(pricing, { start, end: start + length, timeZone }, quantity);
          expect(Number.isSafeInteger(price.unitAmount)).toBe(true);
          expect(price.unitAmount).toBeGreaterThanOrEqual(0);
          expect(price.amount).toBe(price.unitAmount * quantity);
        },
      ),
    );
  });

  it('a rental of n whole local days is n days in any timezone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), arbZone, (n, timeZone) => {
        // Noon UTC is between 01:00 and 13:00 in these zones all March, so whole days of
        // elapsed time cross exactly n − 1 local midnights even across a clock change.
        const start = at('2026-03-01T12:00:00Z');
        expect(rentalDays({ start, end: start + 1, timeZone })).toBe(1);
        expect(rentalDays({ start, end: start + (n - 1) * 24 * 3_600_000 + 1, timeZone })).toBe(n);
      }),
    );
  });
});
