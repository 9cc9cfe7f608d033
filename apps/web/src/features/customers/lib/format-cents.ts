const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as US dollars: 125050 → '$1,250.50'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
