import { describe, expect, it } from 'vitest';
import { bpsToPercentText, percentToBps } from './percent-input';

describe('percentToBps', () => {
  it.each([
    ['10', 1000],
    ['12.5', 1250],
    ['12.50 %', 1250],
    ['0.01', 1],
    ['.5', 50],
    ['100', 10_000],
    ['33.33', 3333],
  ])('reads %s as %i basis points', (typed, bps) => {
    expect(percentToBps(typed)).toBe(bps);
  });

  it('reads an empty box as no percent', () => {
    expect(percentToBps('  ')).toBeNull();
  });

  it('gives a fraction of a basis point for a third decimal, so the schema asks for two', () => {
    expect(Number.isInteger(percentToBps('12.345'))).toBe(false);
  });

  it.each(['ten', '1.2.3', '.', '5-'])('rejects %s as not a percent', (typed) => {
    expect(percentToBps(typed)).toBeNaN();
  });

  it('keeps a minus sign, so the schema says the percent cannot be negative', () => {
    expect(percentToBps('-5')).toBe(-500);
  });
});

describe('bpsToPercentText', () => {
  it.each([
    [1000, '10'],
    [1250, '12.5'],
    [1, '0.01'],
    [3333, '33.33'],
    [10_000, '100'],
  ])('shows %i basis points as %s', (bps, text) => {
    expect(bpsToPercentText(bps)).toBe(text);
  });
});
