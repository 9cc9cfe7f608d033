import { numberFormat } from '@tentpole/domain';

const percent = (locale: string) =>
  numberFormat(locale, {
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });

/** A percentage change as the tiles show it: 12.5 → '+12.5%', -3 → '-3%', 0 → '0%'. */
export function formatPercentageChange(change: number, locale: string): string {
  return `${percent(locale).format(change)}%`;
}
