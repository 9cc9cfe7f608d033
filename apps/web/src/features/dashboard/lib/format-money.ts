const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Integer cents as US dollars: 125050 → '$1,250.50'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Integer cents as whole US dollars, for chart axes: 125050 → '$1,251'. */
export function formatCentsWhole(cents: number): string {
  return usdWhole.format(cents / 100);
}
