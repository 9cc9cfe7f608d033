const percent = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A percentage change as the tiles show it: 12.5 → '+12.5%', -3 → '-3%', 0 → '0%'. */
export function formatPercentageChange(change: number): string {
  return `${percent.format(change)}%`;
}
