import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyInput } from './parse-money-input';

describe('parseMoneyInput', () => {
  it.each([
    { typed: '1250.5', currency: 'USD', cents: 125050 },
    { typed: '$1,250.50', currency: 'USD', cents: 125050 },
    { typed: '0.07', currency: 'USD', cents: 7 },
    { typed: '.5', currency: 'USD', cents: 50 },
    { typed: '-3', currency: 'USD', cents: -300 },
    { typed: '1500', currency: 'JPY', cents: 1500 },
    { typed: '90071992547409.91', currency: 'USD', cents: 9007199254740991 },
  ])('reads $typed in $currency as $cents minor units', ({ typed, currency, cents }) => {
    expect(parseMoneyInput(typed, currency)).toBe(cents);
  });

  it('reads an empty box as no amount', () => {
    expect(parseMoneyInput('  ', 'USD')).toBeNull();
  });

  it.each(['12.345', '1.2.3', 'ten', '.', '12.5', '90071992547409.92'])(
    'rejects %s (USD; 12.5 in JPY, too large) as not an amount',
    (typed) => {
      const currency = typed === '12.5' ? 'JPY' : 'USD';
      expect(parseMoneyInput(typed, currency)).toBeNaN();
    },
  );
});

describe('parseMoneyInput in a locale that writes a decimal comma', () => {
  it.each([
    { typed: '1250,5', locale: 'de-DE', cents: 125050 },
    { typed: '1.250,50 €', locale: 'de-DE', cents: 125050 },
    { typed: '1.250', locale: 'de-DE', cents: 125000 },
    { typed: '1.250.000', locale: 'de-DE', cents: 125000000 },
    // A lone point before other than three digits is the decimal point people also type.
    { typed: '12.50', locale: 'de-DE', cents: 1250 },
    { typed: '1\u202f250,50', locale: 'fr-FR', cents: 125050 },
    // en-US is as before: the comma groups.
    { typed: '1,250', locale: 'en-US', cents: 125000 },
  ])('reads $typed in $locale as $cents cents', ({ typed, locale, cents }) => {
    expect(parseMoneyInput(typed, 'EUR', locale)).toBe(cents);
  });

  it.each(['12,345', '1,2,3', '12,5.0'])('rejects %s in de-DE as not an amount', (typed) => {
    expect(parseMoneyInput(typed, 'EUR', 'de-DE')).toBeNaN();
  });
});

describe('moneyInputText', () => {
  it('shows the locale decimal separator while typing', () => {
    expect(moneyInputText(125050, 'EUR', 'de-DE')).toBe('1250,50');
    expect(moneyInputText(1500, 'JPY', 'de-DE')).toBe('1500');
  });

  it.each([
    { cents: 125050, currency: 'USD', text: '1250.50' },
    { cents: 7, currency: 'USD', text: '0.07' },
    { cents: -300, currency: 'USD', text: '-3.00' },
    { cents: 1500, currency: 'JPY', text: '1500' },
  ])('shows $cents in $currency as $text while typing', ({ cents, currency, text }) => {
    expect(moneyInputText(cents, currency)).toBe(text);
  });
});
