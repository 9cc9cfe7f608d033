import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyWhole } from './format-money';

describe('formatMoney', () => {
  it.each([
    { cents: 125_050, expected: '$1,250.50' },
    { cents: 0, expected: '$0.00' },
    { cents: -0, expected: '$0.00' },
    { cents: 5, expected: '$0.05' },
    { cents: -5, expected: '-$0.05' },
    { cents: 99, expected: '$0.99' },
    { cents: 100, expected: '$1.00' },
    { cents: -250_000, expected: '-$2,500.00' },
    // 2^53 - 1 cents: dividing by 100 in floating point would give …409.90.
    { cents: Number.MAX_SAFE_INTEGER, expected: '$90,071,992,547,409.91' },
  ])('formats $cents cents as $expected', ({ cents, expected }) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it.each([
    { cents: 125_050, currency: 'EUR', locale: 'de-DE', expected: '1.250,50\u00a0€' },
    { cents: 125_050, currency: 'EUR', locale: 'en-US', expected: '€1,250.50' },
    { cents: 125_050, currency: 'GBP', locale: 'en-GB', expected: '£1,250.50' },
    // Yen have no minor unit: the amount is whole yen.
    { cents: 1_250, currency: 'JPY', locale: 'ja-JP', expected: '￥1,250' },
    // Bahraini dinars have three decimals.
    { cents: 1_250_500, currency: 'BHD', locale: 'en-US', expected: 'BHD\u00a01,250.500' },
  ])(
    'formats $cents in $currency for $locale as $expected',
    ({ cents, currency, locale, expected }) => {
      expect(formatMoney(cents, currency, locale)).toBe(expected);
    },
  );

  it.each([
    { cents: 12.5 },
    { cents: Number.NaN },
    { cents: Number.POSITIVE_INFINITY },
    { cents: 2 ** 53 },
  ])('rejects $cents, which is not a whole number of cents', ({ cents }) => {
    expect(() => formatMoney(cents)).toThrow(RangeError);
  });
});

describe('formatMoneyWhole', () => {
  it.each([
    { cents: 125_050, expected: '$1,251' },
    { cents: 125_049, expected: '$1,250' },
    { cents: 0, expected: '$0' },
    { cents: 2_500.5, expected: '$25' },
    { cents: -125_050, expected: '-$1,251' },
  ])('formats $cents cents as $expected', ({ cents, expected }) => {
    expect(formatMoneyWhole(cents)).toBe(expected);
  });
});
