import { addDays } from '../dates/days';

// back-office spec §11: the periods the dashboard's tiles compare, as local days (YYYY-MM-DD,
// both ends included) of the account's time zone. The server turns them into instants.

export type DayRange = { from: string; to: string };
export type TilePeriods = { current: DayRange; previous: DayRange };

/** The last seven days, today included, against the seven before them. */
export function lastSevenDays(today: string): TilePeriods {
  return {
    current: { from: addDays(today, -6), to: today },
    previous: { from: addDays(today, -13), to: addDays(today, -7) },
  };
}

/** This week, Monday to Sunday (a weekend's events stay in one week), against the last. */
export function thisWeek(today: string): TilePeriods {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(today, -weekday);
  return {
    current: { from: monday, to: addDays(monday, 6) },
    previous: { from: addDays(monday, -7), to: addDays(monday, -1) },
  };
}

/** 1 January to today, against 1 January last year to the same day last year. */
export function yearToDate(today: string): TilePeriods {
  const year = Number(today.slice(0, 4));
  // 29 February has no twin last year: that span ends on the 28th.
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return {
    current: { from: `${year}-01-01`, to: today },
    previous: { from: `${year - 1}-01-01`, to: `${year - 1}-${monthDay}` },
  };
}
