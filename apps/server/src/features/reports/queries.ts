import { localDate, type ReportBasis, type StatResponse } from '@tentpole/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { type DayRange, dayEnd, dayStart, type ReportScope, reportScope } from './range.js';
import { BOOKED, revenueTotal } from './reports.js';

// back-office spec §11: the dashboard's tiles are defined here, from the reports' own queries,
// in the account's time zone, so a tile and the report or list it opens count the same things.
// The dashboard feature serves them (this is the reports feature's public read surface).

export const DASHBOARD_TILES = ['cartSessions', 'newCustomers', 'orders', 'ytdRevenue'] as const;
export type DashboardTile = (typeof DASHBOARD_TILES)[number];

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** An order that holds or held stock: a timed hold, or booked. */
const HELD = sql`('hold', 'reserved', 'confirmed', 'out', 'returned', 'completed')`;

type Periods = { current: DayRange; previous: DayRange };

/** The last seven local days, today included, against the seven before them. */
function lastSevenDays(today: string): Periods {
  return {
    current: { from: addDays(today, -6), to: today },
    previous: { from: addDays(today, -13), to: addDays(today, -7) },
  };
}

/** This week, Monday to Sunday (a weekend's events stay in one week), against the last. */
function thisWeek(today: string): Periods {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(today, -weekday);
  return {
    current: { from: monday, to: addDays(monday, 6) },
    previous: { from: addDays(monday, -7), to: addDays(monday, -1) },
  };
}

/** 1 January to today, against 1 January last year to the same day last year. */
function yearToDate(today: string): Periods {
  const year = Number(today.slice(0, 4));
  // 29 February has no twin last year: that span ends on the 28th.
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  const lastYear = `${year - 1}-${monthDay}`;
  return {
    current: { from: `${year}-01-01`, to: today },
    previous: { from: `${year - 1}-01-01`, to: lastYear },
  };
}

const inDays = (column: SQL, range: DayRange, tz: string) =>
  sql`${column} >= ${dayStart(range.from, tz)} and ${column} < ${dayEnd(range.to, tz)}`;

async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

type TileDef = {
  periods(today: string): Periods;
  count(db: Db, scope: ReportScope, range: DayRange, basis: ReportBasis): Promise<number>;
};

const TILES: Record<DashboardTile, TileDef> = {
  // Store sessions with at least one item in the cart.
  cartSessions: {
    periods: lastSevenDays,
    count: (db, scope, range) =>
      countOf(
        db,
        sql`select count(*)::int as n from cart_sessions s
            where s.account_id = ${scope.accountId} and s.item_count > 0
              and ${inDays(sql`s.started_at`, range, scope.timeZone)}`,
      ),
  },
  // Customers whose first order holding stock (a hold, or booked) was made in the period.
  newCustomers: {
    periods: lastSevenDays,
    count: (db, scope, range) =>
      countOf(
        db,
        sql`select count(distinct o.customer_id)::int as n from orders o
            where o.account_id = ${scope.accountId} and o.status in ${HELD}
              and ${inDays(sql`o.created_at`, range, scope.timeZone)}
              and not exists (
                select 1 from orders e
                where e.account_id = ${scope.accountId} and e.customer_id = o.customer_id
                  and e.status in ${HELD} and e.created_at < ${dayStart(range.from, scope.timeZone)})`,
      ),
  },
  // Booked orders whose event starts in the week: the week's work.
  orders: {
    periods: thisWeek,
    count: (db, scope, range) =>
      countOf(
        db,
        sql`select count(*)::int as n from orders o
            where o.account_id = ${scope.accountId} and o.status in ${BOOKED}
              and ${inDays(sql`o.event_start`, range, scope.timeZone)}`,
      ),
  },
  // The revenue report's figure on the account's chosen basis.
  ytdRevenue: {
    periods: yearToDate,
    count: (db, scope, range, basis) => revenueTotal(db, scope, range, basis),
  },
};

/** The account's revenue basis (settings.revenueBasis); accrual, the reports' default, if unset. */
async function revenueBasis(db: Db, accountId: string): Promise<ReportBasis> {
  const [row] = await queryRows<{ basis: string | null }>(
    db,
    sql`select settings->>'revenueBasis' as basis from accounts where id = ${accountId}`,
  );
  return row?.basis === 'cash' ? 'cash' : 'accrual';
}

/** One dashboard tile: the current and previous figures, the current period and the basis. */
export async function dashboardTile(
  db: Db,
  accountId: string,
  name: DashboardTile,
  now: Date,
): Promise<StatResponse> {
  const tile = TILES[name];
  const zone = await reportScope(db, accountId, {}, now);
  const periods = tile.periods(localDate(now, zone.timeZone));
  const basis = name === 'ytdRevenue' ? await revenueBasis(db, accountId) : 'accrual';
  const [current, previous, [bounds]] = await Promise.all([
    tile.count(db, zone, periods.current, basis),
    tile.count(db, zone, periods.previous, basis),
    queryRows<{ start: Date | string; end: Date | string }>(
      db,
      sql`select ${dayStart(periods.current.from, zone.timeZone)} as start,
                 ${dayEnd(periods.current.to, zone.timeZone)} as end`,
    ),
  ]);
  return {
    current,
    previous,
    from: periods.current.from,
    to: periods.current.to,
    start: new Date(bounds?.start ?? now).toISOString(),
    end: new Date(bounds?.end ?? now).toISOString(),
    ...(name === 'ytdRevenue' ? { basis } : {}),
  };
}
