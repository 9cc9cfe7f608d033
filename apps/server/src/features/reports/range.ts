import {
  addDays,
  type DayRange,
  isValidTimeZone,
  localDate,
  type ReportBasis,
  type ReportQuery,
} from '@tentpole/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Days `from` to `to` (both included, YYYY-MM-DD) in the account's time zone. */
export type { DayRange };

export type ReportScope = {
  accountId: string;
  timeZone: string;
  currency: string;
  /** How the account counts revenue on its dashboard (settings.revenueBasis; accrual unless cash). */
  revenueBasis: ReportBasis;
  range: DayRange;
  previous: DayRange;
  /** Days in the range. */
  days: number;
  /** Day buckets for ranges up to 62 days, months beyond. */
  bucket: 'day' | 'month';
};

const DAY_MS = 86_400_000;

/**
 * The report's days (this month to today when none are given) and the previous period: the
 * same number of days just before it.
 */
export async function reportScope(
  db: Db,
  accountId: string,
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
): Promise<ReportScope> {
  const [row] = await queryRows<{
    tz: string | null;
    currency: string | null;
    basis: string | null;
  }>(
    db,
    sql`select settings->>'timezone' as tz, settings->>'currency' as currency,
          settings->>'revenueBasis' as basis
        from accounts where id = ${accountId}`,
  );
  const timeZone = row?.tz && isValidTimeZone(row.tz) ? row.tz : 'UTC';
  const today = localDate(now, timeZone);
  const range =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : { from: `${today.slice(0, 8)}01`, to: today };
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
  return {
    accountId,
    timeZone,
    currency: row?.currency || 'USD',
    revenueBasis: row?.basis === 'cash' ? 'cash' : 'accrual',
    range,
    previous: { from: addDays(range.from, -days), to: addDays(range.from, -1) },
    days,
    bucket: days <= 62 ? 'day' : 'month',
  };
}

/** The instant a local day starts, in SQL. */
export const dayStart = (day: string, timeZone: string): SQL =>
  sql`((${day}::date)::timestamp at time zone ${timeZone})`;
/** The instant after a local day ends (the next day's start), in SQL. */
export const dayEnd = (day: string, timeZone: string): SQL =>
  sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/** A timestamp's bucket label (YYYY-MM-DD or YYYY-MM) in the account's time zone. */
export const bucketOf = (column: SQL, scope: ReportScope): SQL =>
  scope.bucket === 'day'
    ? sql`to_char((${column} at time zone ${scope.timeZone}), 'YYYY-MM-DD')`
    : sql`to_char((${column} at time zone ${scope.timeZone}), 'YYYY-MM')`;

/** Every bucket label of the range, in order (so a chart shows the empty days too). */
export function bucketLabels(scope: ReportScope): string[] {
  const labels: string[] = [];
  if (scope.bucket === 'day') {
    for (let day = scope.range.from; day <= scope.range.to; day = addDays(day, 1)) labels.push(day);
    return labels;
  }
  let [year, month] = scope.range.from.split('-').map(Number) as [number, number];
  const last = scope.range.to.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    labels.push(label);
    if (label >= last) return labels;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The range's buckets as rows (label, from_at, to_at: the instants the bucket's local days start
 * and end), in label order. A query joining them to an indexed timestamp reads each bucket's
 * rows in turn, already grouped, instead of working out a label for every row and sorting the
 * rows by it (decision 0054). A row falls in the bucket `bucketOf` would label it with.
 */
export function bucketRows(scope: ReportScope): SQL {
  const { timeZone, range } = scope;
  const rows = bucketLabels(scope).map((label) => {
    let first = label;
    let last = label;
    if (scope.bucket === 'month') {
      const [year, month] = label.split('-').map(Number) as [number, number];
      const next =
        month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      first = `${label}-01` < range.from ? range.from : `${label}-01`;
      // The month's last day, or the range's when it ends first (YYYY-MM-DD sorts as dates).
      last = [addDays(next, -1), range.to].sort()[0] as string;
    }
    return sql`(${label}::text, ${dayStart(first, timeZone)}, ${dayEnd(last, timeZone)})`;
  });
  return sql`(select * from (values ${sql.join(rows, sql`, `)}) v(label, from_at, to_at) order by 1)`;
}
