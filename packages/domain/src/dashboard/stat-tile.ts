import { percentageChange } from './percentage-change';
import type { StatResponse } from './stat-response-schema';

export interface StatTileValues {
  value: number;
  percentageChange: number;
}

/**
 * spec §3, §7: a stats tile shows the current value and its change from the previous one.
 * When the fetch failed (null) the tile shows value 0 and percentage 0 — not the −100 that
 * the formula would give for 0 against 0.
 */
export function statTileValues(stat: StatResponse | null | undefined): StatTileValues {
  if (stat == null) return { value: 0, percentageChange: 0 };
  return { value: stat.current, percentageChange: percentageChange(stat.current, stat.previous) };
}
