import { clockLabel } from '@tentpole/domain';

/** Minutes from midnight as a clock time ("9:05 AM"); past midnight, the next day's time. */
export const formatClock: (minutes: number) => string = clockLabel;

/** A window "9:00 AM–11:00 AM". */
export function formatWindow(window: { start: number; end: number }): string {
  return `${formatClock(window.start)}–${formatClock(window.end)}`;
}

/** A duration in minutes: "45 min", "2 h 5 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function todayLocal(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Slack below this many minutes is shown amber: a small delay breaks the window. */
export const TIGHT_SLACK_MINUTES = 15;
