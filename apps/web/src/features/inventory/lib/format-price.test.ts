import { DEFAULT_LOCALE_FORMAT } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { describePricing, formatMinutes, formatPriceSummary } from './format-price';

describe('formatPriceSummary (spec §5.2)', () => {
  it.each([
    {
      pricing: {
        mode: 'daily' as const,
        tiers: [
          { hours: 24, amount: 15_000 },
          { hours: 48, amount: 22_500 },
        ],
        extraDayAmount: 5_000,
      },
      text: '$150 / day',
    },
    {
      pricing: {
        mode: 'daily' as const,
        tiers: [{ hours: 4, amount: 9_950 }],
        extraDayAmount: null,
      },
      text: '$99.50 / 4 hours',
    },
    {
      pricing: {
        mode: 'hourly' as const,
        minimumHours: 1,
        minimumAmount: 4_000,
        extraHourAmount: 4_000,
      },
      text: '$40 / hour',
    },
    {
      pricing: {
        mode: 'hourly' as const,
        minimumHours: 2,
        minimumAmount: 8_000,
        extraHourAmount: 3_500,
      },
      text: '$80 / 2 hours',
    },
    { pricing: { mode: 'flat' as const, amount: 2_500 }, text: '$25' },
  ])('shows $text', ({ pricing, text }) => {
    expect(formatPriceSummary(pricing, DEFAULT_LOCALE_FORMAT)).toBe(text);
  });
});

describe('describePricing', () => {
  it('lists each daily tier and the extra day', () => {
    expect(
      describePricing(
        {
          mode: 'daily',
          tiers: [
            { hours: 24, amount: 15_000 },
            { hours: 48, amount: 22_500 },
          ],
          extraDayAmount: 5_000,
        },
        DEFAULT_LOCALE_FORMAT,
      ),
    ).toEqual(['Up to 24 h: $150', 'Up to 48 h: $225', 'Each extra day: $50']);
  });

  it('gives the hourly minimum and the extra hour', () => {
    expect(
      describePricing(
        {
          mode: 'hourly',
          minimumHours: 3,
          minimumAmount: 12_000,
          extraHourAmount: 3_550,
        },
        DEFAULT_LOCALE_FORMAT,
      ),
    ).toEqual(['First 3 h: $120', 'Each extra hour: $35.50']);
  });
});

describe('formatMinutes', () => {
  it.each([
    [0, 'None'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
