/**
 * A percent as typed ('8.25', '8.25 %') in basis points (825), built from the digits rather
 * than by multiplying a float. Empty is null. More than two decimals gives a fraction of a basis
 * point, a minus sign a negative, anything else NaN, so the domain's schema names the problem.
 */
export function percentToBps(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '');
  if (cleaned === '') return null;
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[2] === '' && !match[3])) return Number.NaN;
  const [, sign, whole = '', fraction = ''] = match;
  const bps =
    fraction.length > 2
      ? Number(`${whole || '0'}.${fraction}`) * 100
      : Number(`${whole || '0'}${fraction.padEnd(2, '0')}`);
  return sign === '-' ? -bps : bps;
}

/** Basis points as a percent box shows them: 825 is '8.25', 1000 is '10', 5 is '0.05'. */
export function bpsToPercentText(bps: number): string {
  const sign = bps < 0 ? '-' : '';
  const magnitude = Math.abs(bps);
  const whole = Math.trunc(magnitude / 100);
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${fraction === '' ? whole : `${whole}.${fraction}`}`;
}
