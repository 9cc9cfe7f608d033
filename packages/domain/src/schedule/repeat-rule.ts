import { dayNumber, dayOf, dayString, daysInMonth, weekdayOfDay, yearMonthOf } from './local-days';

/**
 * RFC 5545 recurrence rules (RRULE) for whole days, as a blackout repeats (decision 0037). The
 * rule is expanded on local calendar days, its DTSTART being the blackout's first day, so an
 * occurrence is a date, never an instant a daylight-saving change could move.
 *
 * Supported: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, UNTIL, BYDAY (with an
 * ordinal, "4TH", "-1SU", in monthly and yearly rules), BYMONTHDAY (negative counts from the
 * month's end), BYMONTH and WKST. Parts about times of day (BYHOUR…) mean nothing for a day, and
 * BYSETPOS, BYYEARDAY and BYWEEKNO are not supported: a rule with them is refused, never
 * half-read. As in RFC 5545 (§3.3.10), a date the rule makes that does not exist (30 February,
 * or 29 February in a common year) is skipped, and DTSTART is an occurrence only when it matches
 * the rule (as python-dateutil and rrule.js read it).
 */
export const REPEAT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** RFC 5545's weekday codes, Monday first (the index is `weekdayOfDay`'s). */
export const RULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RuleWeekday = (typeof RULE_WEEKDAYS)[number];

export type RepeatRule = {
  freq: RepeatFrequency;
  interval: number;
  count: number | null;
  /** The last day an occurrence may start (UNTIL's date). */
  until: string | null;
  /** Weekday 0 (Monday) … 6; nth 0 for every such day, else the nth (negative: from the end). */
  byDay: { weekday: number; nth: number }[];
  byMonthDay: number[];
  byMonth: number[];
  weekStart: number;
};

const MAX_INTERVAL = 1000;
const MAX_COUNT = 10_000;

const int = (text: string, min: number, max: number): number | null => {
  if (!/^[+-]?\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/** The rule as stored: upper case, without an "RRULE:" prefix or spaces. */
export function normalizeRepeatRule(text: string): string {
  return text
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** The rule, or null when it is not a rule this module reads in full. */
export function parseRepeatRule(text: string): RepeatRule | null {
  const normalized = normalizeRepeatRule(text);
  if (normalized === '' || normalized.length > 500) return null;
  const parts = new Map<string, string>();
  for (const part of normalized.split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match || parts.has(match[1] as string)) return null;
    parts.set(match[1] as string, match[2] as string);
  }
  const freq = parts.get('FREQ') as RepeatFrequency | undefined;
  if (!freq || !REPEAT_FREQUENCIES.includes(freq)) return null;
  const rule: RepeatRule = {
    freq,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    weekStart: 0,
  };
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL': {
        const n = int(value, 1, MAX_INTERVAL);
        if (n === null) return null;
        rule.interval = n;
        break;
      }
      case 'COUNT': {
        const n = int(value, 1, MAX_COUNT);
        if (n === null) return null;
        rule.count = n;
        break;
      }
      case 'UNTIL': {
        // A date (20260704) or a date-time (20260704T000000Z): a day's rule keeps the date.
        const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
        if (!match) return null;
        const day = `${match[1]}-${match[2]}-${match[3]}`;
        if (Number.isNaN(dayNumber(day))) return null;
        rule.until = day;
        break;
      }
      case 'BYDAY':
        for (const item of value.split(',')) {
          const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
          if (!match) return null;
          const nth = match[1] ? int(match[1], -53, 53) : 0;
          if (nth === null || (match[1] && nth === 0)) return null;
          rule.byDay.push({ weekday: RULE_WEEKDAYS.indexOf(match[2] as RuleWeekday), nth });
        }
        break;
      case 'BYMONTHDAY':
        for (const item of value.split(',')) {
          const n = int(item, -31, 31);
          if (n === null || n === 0) return null;
          rule.byMonthDay.push(n);
        }
        break;
      case 'BYMONTH':
        for (const item of value.split(',')) {
          const n = int(item, 1, 12);
          if (n === null) return null;
          rule.byMonth.push(n);
        }
        break;
      case 'WKST': {
        const index = RULE_WEEKDAYS.indexOf(value as RuleWeekday);
        if (index < 0) return null;
        rule.weekStart = index;
        break;
      }
      default:
        return null;
    }
  }
  // RFC 5545 §3.3.10: COUNT and UNTIL never together; BYDAY ordinals only in monthly and yearly
  // rules; no BYMONTHDAY in a weekly one.
  if (rule.count !== null && rule.until !== null) return null;
  if (rule.byDay.some((d) => d.nth !== 0) && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')
    return null;
  if (rule.byMonthDay.length > 0 && rule.freq === 'WEEKLY') return null;
  rule.byMonth = [...new Set(rule.byMonth)].sort((a, b) => a - b);
  rule.byMonthDay = [...new Set(rule.byMonthDay)];
  return rule;
}

export function isValidRepeatRule(text: string): boolean {
  return parseRepeatRule(text) !== null;
}

/** The days of a month that match BYMONTHDAY and BYDAY (ordinals counted in the month). */
function daysOfMonth(rule: RepeatRule, year: number, month: number): number[] {
  const first = dayOf(year, month, 1);
  return daysOfSpan(rule, first, daysInMonth(year, month));
}

/** Whether a day is one of BYMONTHDAY's (negative: counted from its month's end). */
function matchesMonthDay(rule: RepeatRule, day: number): boolean {
  const { year, month, date } = yearMonthOf(day);
  const length = daysInMonth(year, month);
  return rule.byMonthDay.some((d) => (d > 0 ? d : length + d + 1) === date);
}

/**
 * The days of [first, first + length) matching BYMONTHDAY and BYDAY, BYDAY's ordinals counted
 * in that span. A BYMONTHDAY a month does not have (31 in April) makes nothing there.
 */
function daysOfSpan(rule: RepeatRule, first: number, length: number) {
  const days: number[] = [];
  for (let day = first; day < first + length; day++) {
    if (rule.byMonthDay.length > 0 && !matchesMonthDay(rule, day)) continue;
    if (rule.byDay.length > 0 && !matchesByDay(rule, day, first, length)) continue;
    days.push(day);
  }
  return days;
}

/** Whether a day is one of BYDAY's, an ordinal counted within [first, first + length). */
function matchesByDay(rule: RepeatRule, day: number, first: number, length: number): boolean {
  const weekday = weekdayOfDay(day);
  const fromStart = Math.floor((day - first) / 7) + 1;
  const fromEnd = -(Math.floor((first + length - 1 - day) / 7) + 1);
  return rule.byDay.some(
    (d) => d.weekday === weekday && (d.nth === 0 || d.nth === fromStart || d.nth === fromEnd),
  );
}

/** The candidate days of one period (a day, a week, a month or a year), in order. */
function candidates(rule: RepeatRule, period: number, start: number): number[] {
  const inMonths = (d: number) =>
    rule.byMonth.length === 0 || rule.byMonth.includes(yearMonthOf(d).month);
  switch (rule.freq) {
    case 'DAILY': {
      if (!inMonths(period)) return [];
      if (rule.byMonthDay.length > 0 && !matchesMonthDay(rule, period)) return [];
      if (rule.byDay.length > 0 && !rule.byDay.some((d) => d.weekday === weekdayOfDay(period)))
        return [];
      return [period];
    }
    case 'WEEKLY': {
      const weekdays =
        rule.byDay.length > 0 ? rule.byDay.map((d) => d.weekday) : [weekdayOfDay(start)];
      const days: number[] = [];
      for (let i = 0; i < 7; i++) {
        const day = period + i;
        if (weekdays.includes(weekdayOfDay(day)) && inMonths(day)) days.push(day);
      }
      return days;
    }
    case 'MONTHLY': {
      const year = Math.floor(period / 12);
      const month = (period % 12) + 1;
      if (rule.byMonth.length > 0 && !rule.byMonth.includes(month)) return [];
      const plain = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
      const effective = plain ? { ...rule, byMonthDay: [yearMonthOf(start).date] } : rule;
      return daysOfMonth(effective, year, month);
    }
    case 'YEARLY': {
      const year = period;
      const first = yearMonthOf(start);
      if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) {
        // FREQ=YEARLY alone repeats DTSTART's month and date (29 February: leap years only).
        const months = rule.byMonth.length > 0 ? rule.byMonth : [first.month];
        const effective = { ...rule, byMonthDay: [first.date] };
        return months.flatMap((m) => daysOfMonth(effective, year, m)).sort((a, b) => a - b);
      }
      if (rule.byMonth.length > 0) {
        // With BYMONTH, BYDAY's ordinals count within each month (RFC 5545 §3.3.10).
        return rule.byMonth.flatMap((m) => daysOfMonth(rule, year, m)).sort((a, b) => a - b);
      }
      // Without it they count within the year ("20MO": the year's 20th Monday).
      const jan1 = dayOf(year, 1, 1);
      return daysOfSpan(rule, jan1, dayOf(year + 1, 1, 1) - jan1);
    }
  }
}

/** The period holding a day, and the first day of a period. */
function periodOf(rule: RepeatRule, day: number): number {
  switch (rule.freq) {
    case 'DAILY':
      return day;
    case 'WEEKLY':
      return day - ((weekdayOfDay(day) - rule.weekStart + 7) % 7);
    case 'MONTHLY': {
      const { year, month } = yearMonthOf(day);
      return year * 12 + month - 1;
    }
    case 'YEARLY':
      return yearMonthOf(day).year;
  }
}

function periodStart(rule: RepeatRule, period: number): number {
  switch (rule.freq) {
    case 'DAILY':
    case 'WEEKLY':
      return period;
    case 'MONTHLY':
      return dayOf(Math.floor(period / 12), (period % 12) + 1, 1);
    case 'YEARLY':
      return dayOf(period, 1, 1);
  }
}

/** A period's step: weeks are counted in days. */
const stepOf = (rule: RepeatRule) => (rule.freq === 'WEEKLY' ? 7 : 1) * rule.interval;

/**
 * The days on which the rule's occurrences start, from `start` (DTSTART) on, that fall in
 * [from, to], no later than `until` (when given) or the rule's own UNTIL and COUNT.
 */
export function repeatStarts(
  rule: RepeatRule,
  start: string,
  from: string,
  to: string,
  until: string | null = null,
): string[] {
  const startDay = dayNumber(start);
  const toDay = Math.min(
    dayNumber(to),
    until ? dayNumber(until) : Number.POSITIVE_INFINITY,
    rule.until ? dayNumber(rule.until) : Number.POSITIVE_INFINITY,
  );
  const fromDay = Math.max(dayNumber(from), startDay);
  if ([startDay, toDay, fromDay].some(Number.isNaN) || fromDay > toDay) return [];
  const step = stepOf(rule);
  const first = periodOf(rule, startDay);
  let period = first;
  // Without COUNT, skip the periods before `from` (with COUNT every occurrence must be counted).
  if (rule.count === null) {
    const skip = Math.floor((periodOf(rule, fromDay) - first) / step);
    if (skip > 0) period = first + skip * step;
  }
  const found: string[] = [];
  let counted = 0;
  while (periodStart(rule, period) <= toDay) {
    for (const day of candidates(rule, period, startDay)) {
      if (day < startDay) continue;
      if (day > toDay) return found;
      counted++;
      if (rule.count !== null && counted > rule.count) return found;
      if (day >= fromDay) found.push(dayString(day));
    }
    period += step;
  }
  return found;
}
