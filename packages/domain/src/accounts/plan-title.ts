/**
 * spec §1: a plan level shown in title case: underscores become spaces and the first letter
 * is capitalised; the rest is left as it is ('very_big_plan' → 'Very big plan').
 */
export function planTitle(level: string): string {
  const words = level.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
