/** A range of calendar days as ISO dates, both included. */
export type DayRange = { from: string; to: string };

export const RANGE_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'this-year', label: 'This year' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** The day in the browser's time zone, as 'YYYY-MM-DD'. */
export function localIsoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The preset's days, counted from `today` in the browser's time zone. */
export function presetRange(preset: RangePreset, today: Date): DayRange {
  const year = today.getFullYear();
  const month = today.getMonth();
  const to = localIsoDay(today);
  switch (preset) {
    case 'this-month':
      return { from: localIsoDay(new Date(year, month, 1)), to };
    case 'last-month':
      // Day 0 of this month is the last day of the one before.
      return {
        from: localIsoDay(new Date(year, month - 1, 1)),
        to: localIsoDay(new Date(year, month, 0)),
      };
    case 'last-30-days':
      return { from: localIsoDay(new Date(year, month, today.getDate() - 29)), to };
    case 'this-year':
      return { from: localIsoDay(new Date(year, 0, 1)), to };
  }
}

/** The preset whose days `range` is today, if any (its button shows as chosen). */
export function presetOf(range: DayRange, today: Date): RangePreset | undefined {
  return RANGE_PRESETS.find(({ value }) => {
    const days = presetRange(value, today);
    return days.from === range.from && days.to === range.to;
  })?.value;
}
