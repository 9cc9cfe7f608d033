import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE_FORMAT,
  localeFormat,
  resolveCurrency,
  resolveLocale,
} from './locale-format';

// 14 June 2025, 14:30 in New York (18:30 UTC), and the Monday after at 09:05.
const party = new Date('2025-06-14T18:30:00Z');
const after = new Date('2025-06-16T13:05:00Z');
const timeZone = 'America/New_York';
const NBSP = '\u00a0';
// ICU versions differ in the spaces they put around 'PM' and a range's dash (thin, narrow
// no-break, plain); what the locales differ in is the order, the clock and the separators.
const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

describe('localeFormat', () => {
  const us = localeFormat('en-US');
  const gb = localeFormat('en-GB', 'GBP');
  const de = localeFormat('de-DE', 'EUR');

  it.each([
    { f: us, expected: 'Jun 14, 2025' },
    { f: gb, expected: '14 Jun 2025' },
    { f: de, expected: '14.06.2025' },
  ])('writes the date in $f.locale order: $expected', ({ f, expected }) => {
    expect(f.date(party, { dateStyle: 'medium', timeZone })).toBe(expected);
  });

  it.each([
    { f: us, expected: '2:30 PM' },
    { f: gb, expected: '14:30' },
    { f: de, expected: '14:30' },
  ])('writes the time on the $f.locale clock: $expected', ({ f, expected }) => {
    expect(plain(f.date(party, { hour: 'numeric', minute: '2-digit', timeZone }))).toBe(expected);
  });

  it.each([
    { f: us, expected: 'Jun 14 – 16, 2025' },
    { f: gb, expected: '14 – 16 Jun 2025' },
    { f: de, expected: '14.–16. Juni 2025' },
  ])('writes a date range for $f.locale: $expected', ({ f, expected }) => {
    const options = { month: 'short', day: 'numeric', year: 'numeric', timeZone } as const;
    expect(plain(f.dateRange(party, after, options))).toBe(expected);
  });

  it.each([
    { f: us, expected: '1,234.5' },
    { f: gb, expected: '1,234.5' },
    { f: de, expected: '1.234,5' },
  ])('writes numbers with the $f.locale separators: $expected', ({ f, expected }) => {
    expect(f.number(1234.5)).toBe(expected);
  });

  it.each([
    { f: us, expected: '$1,250.50' },
    { f: gb, expected: '£1,250.50' },
    { f: de, expected: `1.250,50${NBSP}€` },
  ])('writes money in its currency where $f.locale puts the sign: $expected', ({ f, expected }) => {
    expect(f.money(125_050)).toBe(expected);
  });

  it('writes another currency when asked, in the account locale', () => {
    expect(de.money(125_050, 'USD')).toBe(`1.250,50${NBSP}$`);
    expect(de.moneyWhole(125_050)).toBe(`1.251${NBSP}€`);
  });

  it('reads an ISO string as an instant', () => {
    expect(de.date('2025-06-14T18:30:00Z', { dateStyle: 'long', timeZone })).toBe('14. Juni 2025');
  });

  it('formats exactly as the spec does for en-US', () => {
    expect(DEFAULT_LOCALE_FORMAT.locale).toBe('en-US');
    expect(DEFAULT_LOCALE_FORMAT.currency).toBe('USD');
    const options = { dateStyle: 'medium', timeStyle: 'short', timeZone } as const;
    expect(us.date(party, options)).toBe(new Intl.DateTimeFormat('en-US', options).format(party));
    expect(plain(us.date(party, options))).toBe('Jun 14, 2025, 2:30 PM');
  });
});

describe('resolveLocale', () => {
  it.each([
    { tag: 'de-de', expected: 'de-DE' },
    { tag: ' en-GB ', expected: 'en-GB' },
    { tag: 'not a locale', expected: 'en-US' },
    { tag: '', expected: 'en-US' },
    { tag: undefined, expected: 'en-US' },
    { tag: 42, expected: 'en-US' },
  ])('reads $tag as $expected', ({ tag, expected }) => {
    expect(resolveLocale(tag)).toBe(expected);
  });

  it('formats an unusable locale as en-US', () => {
    expect(localeFormat('x-?', 'USD').money(100)).toBe('$1.00');
  });
});

describe('resolveCurrency', () => {
  it.each([
    { code: 'EUR', expected: 'EUR' },
    { code: 'eur', expected: 'USD' },
    { code: 'XYZ1', expected: 'USD' },
    { code: undefined, expected: 'USD' },
  ])('reads $code as $expected', ({ code, expected }) => {
    expect(resolveCurrency(code)).toBe(expected);
  });
});
