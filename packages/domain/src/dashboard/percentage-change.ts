/**
 * spec §9: current / max(previous, 1) × 100 − 100, rounded to 2 decimals (halves round up,
 * as Math.round does). A previous of 0 counts as 1, so 0 → 5 reads as +400.
 */
export function percentageChange(current: number, previous: number): number {
  const change = (current / Math.max(previous, 1)) * 100 - 100;
  // Adding 0 turns -0 (from, e.g., a change of -0.001) into 0.
  return Math.round(change * 100) / 100 + 0;
}
