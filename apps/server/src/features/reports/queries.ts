import {
  lastSevenDays,
  localDate,
  type StatResponse,
  type TilePeriods,
  thisWeek,
  yearToDate,
} from '@tentpole/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { type DayRange, dayEnd, dayStart, type ReportScope, reportScope } from './range.js';
import { BOOKED, HELD, revenueTotal } from './reports.js';

// back-office spec §11: the dashboard's tiles are defined here, from the reports' own queries,
// in the account's time zone, so a tile and the report or list it opens count the same things.
// The dashboard feature serves them (this is the reports feature's public read surface).

export const DASHBOARD_TILES = ['cartSessions', 'newCustomers', 'orders', 'ytdRevenue'] as const;
export type DashboardTile = (typeof DASHBOARD_TILES)[number];

const inDays = (column: SQL, range: DayRange, tz: string) =>
  sql`${column} >= ${dayStart(range.from, tz)} and ${column} < ${dayEnd(range.to, tz)}`;

async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

type TileDef = {
  periods(today: string): TilePeriods;
  count(db: Db, scope: ReportScope, range: DayRange): Promise<number>;
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
    count: (db, scope, range) => revenueTotal(db, scope, range, scope.revenueBasis),
  },
};

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
  const [current, previous, [bounds]] = await Promise.all([
    tile.count(db, zone, periods.current),
    tile.count(db, zone, periods.previous),
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
    ...(name === 'ytdRevenue' ? { basis: zone.revenueBasis } : {}),
  };
}
