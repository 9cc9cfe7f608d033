/** How many minor units the currency has after the point (USD 2, JPY 0, BHD 3). */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * What someone typed in a money box, in minor units (cents): '1,250.5' is 125050 in USD. The
 * currency sign, spaces and thousands separators are ignored. Empty is null; anything else that
 * is not an amount (two points, letters, more decimals than the currency has) is NaN, so the
 * form's number schema rejects it. Built from the digits, not by multiplying a float.
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const cleaned = text.replace(/[\s,$€£¥]/g, '');
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

/** Minor units as the box shows them while typing: 125050 is '1250.50'. */
export function moneyInputText(cents: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const magnitude = String(Math.abs(cents)).padStart(digits + 1, '0');
  const cut = magnitude.length - digits;
  const text = digits === 0 ? magnitude : `${magnitude.slice(0, cut)}.${magnitude.slice(cut)}`;
  return cents < 0 ? `-${text}` : text;
}
