/**
 * A percent as typed ('12.5', '12.5 %') in basis points (1250), built from the digits rather
 * than by multiplying a float. Empty is null. More than two decimals gives a fraction of a basis
 * point and anything else NaN, so the domain's schema turns them into its own messages.
 */
export function percentToBps(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '');
  if (cleaned === '') return null;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return Number.NaN;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return Number(cleaned) * 100;
  return Number(`${whole || '0'}${fraction.padEnd(2, '0')}`);
}

/** Basis points as the percent box shows them: 1250 is '12.5', 1000 is '10', 5 is '0.05'. */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}
