import { DEFAULT_LOCALE, numberFormat } from '@tentpole/domain';

/** How many minor units the currency has after the point (USD 2, JPY 0, BHD 3). */
export function minorUnitDigits(currency: string): number {
  return (
    numberFormat(DEFAULT_LOCALE, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** The locale's decimal separator: '.' in en-US, ',' in de-DE and fr-FR. */
function decimalSeparator(locale: string): string {
  return (
    numberFormat(locale)
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/**
 * The typed text with the locale's decimal separator as '.', and its grouping left as ',' (which
 * is then ignored). Where the decimal is a comma ('1.250,50' in de-DE), points and apostrophes
 * group, except that a lone point not followed by exactly three digits ('12.50') is read as the
 * decimal point people also type there.
 */
function toPointDecimal(text: string, locale: string): string {
  if (decimalSeparator(locale) !== ',') return text;
  const grouped = (whole: string) => /^[^.]*\d\.\d{3}(?:\.\d{3})*\D*$/.test(whole);
  const [whole = '', fraction, ...more] = text.replace(/['’]/g, '').split(',');
  if (fraction === undefined) return grouped(whole) ? whole.replace(/\./g, '') : whole;
  // Two commas, a point after the comma or a point that does not group thousands: not an amount.
  if (more.length > 0 || fraction.includes('.') || (whole.includes('.') && !grouped(whole))) {
    return 'x';
  }
  return `${whole.replace(/\./g, '')}.${fraction}`;
}

/**
 * What someone typed in a money box, in minor units (cents): '1,250.5' is 125050 in USD, as is
 * '1.250,5' for a de-DE account (the locale's decimal separator is read). The currency sign,
 * spaces and thousands separators are ignored. Empty is null; anything else that is not an
 * amount (two points, letters, more decimals than the currency has) is NaN, so the form's number
 * schema rejects it. Built from the digits, not by multiplying a float.
 */
export function parseMoneyInput(
  text: string,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): number | null {
  const cleaned = toPointDecimal(text.trim(), locale).replace(/[\s,$€£¥]/g, '');
  if (cleaned === '') return null;
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  const digits = minorUnitDigits(currency);
  if (!match || (match[2] === '' && !match[3]) || (match[3]?.length ?? 0) > digits) {
    return Number.NaN;
  }
  const [, sign, whole = '', fraction = ''] = match;
  const minor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) return Number.NaN;
  return sign === '-' ? -minor : minor;
}

/** Minor units as the box shows them while typing: 125050 is '1250.50' ('1250,50' in de-DE). */
export function moneyInputText(
  cents: number,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): string {
  const digits = minorUnitDigits(currency);
  const magnitude = String(Math.abs(cents)).padStart(digits + 1, '0');
  const cut = magnitude.length - digits;
  const point = decimalSeparator(locale);
  const text =
    digits === 0 ? magnitude : `${magnitude.slice(0, cut)}${point}${magnitude.slice(cut)}`;
  return cents < 0 ? `-${text}` : text;
}
