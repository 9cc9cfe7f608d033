import {
  type Blackout,
  blackoutDaysBetween,
  dateTimeFormat,
  dayNumber,
  dayString,
  RULE_WEEKDAYS,
} from '@tentpole/domain';
import { repeatChoiceOf } from './blackout-form-values';

const WEEKDAY_NAMES: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const dayFormat = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthDayFormat = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const nextFormat = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A local day (YYYY-MM-DD) as "Jul 4, 2026"; read in UTC so no zone moves it. */
export const formatDay = (day: string, locale: string) =>
  dayFormat(locale).format(new Date(`${day}T00:00:00Z`));

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** When a blackout falls, in words: "Jul 4, 2026", "Every year on July 4", "Every week on Sunday". */
export function describeWhen(blackout: Blackout, locale: string): string {
  const length = dayNumber(blackout.endDate) - dayNumber(blackout.startDate) + 1;
  const span =
    blackout.startDate === blackout.endDate
      ? formatDay(blackout.startDate, locale)
      : `${formatDay(blackout.startDate, locale)} – ${formatDay(blackout.endDate, locale)}`;
  if (!blackout.rrule) return span;
  const choice = repeatChoiceOf(blackout.rrule, blackout.startDate);
  const lasting = length > 1 ? `, ${length} days each` : '';
  const until = blackout.until ? ` until ${formatDay(blackout.until, locale)}` : '';
  switch (choice.repeats) {
    case 'weekly':
      return `Every week on ${list(choice.weekdays.map((d) => WEEKDAY_NAMES[d] ?? d))}${lasting}, from ${formatDay(blackout.startDate, locale)}${until}`;
    case 'yearly':
      return `Every year on ${monthDayFormat(locale).format(new Date(`${blackout.startDate}T00:00:00Z`))}${lasting}, from ${new Date(`${blackout.startDate}T00:00:00Z`).getUTCFullYear()}${until}`;
    default:
      return `Repeats by the rule ${blackout.rrule}${lasting}, from ${formatDay(blackout.startDate, locale)}${until}`;
  }
}

/** Far enough ahead for a 29 February every year, or a rule repeating every few years. */
const LOOK_AHEAD_DAYS = 366 * 10;

/** The next day the blackout covers from `today` on (within ten years), or null. */
export function nextBlackoutDay(blackout: Blackout, today: string): string | null {
  const to = dayString(dayNumber(today) + LOOK_AHEAD_DAYS);
  const [hit] = blackoutDaysBetween([blackout], today, to);
  return hit?.days[0] ?? null;
}

export const formatNextDay = (day: string, locale: string) =>
  nextFormat(locale).format(new Date(`${day}T00:00:00Z`));

/** Weekday codes with their names, Monday first, for the weekly choice. */
export const WEEKDAY_CHOICES = RULE_WEEKDAYS.map((code) => ({
  code,
  label: WEEKDAY_NAMES[code] as string,
}));
