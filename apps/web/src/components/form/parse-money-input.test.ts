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

describe('moneyInputText', () => {
  it.each([
    { cents: 125050, currency: 'USD', text: '1250.50' },
    { cents: 7, currency: 'USD', text: '0.07' },
    { cents: -300, currency: 'USD', text: '-3.00' },
    { cents: 1500, currency: 'JPY', text: '1500' },
  ])('shows $cents in $currency as $text while typing', ({ cents, currency, text }) => {
    expect(moneyInputText(cents, currency)).toBe(text);
  });
});
