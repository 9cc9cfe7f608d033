import type { Db } from '../../db/client.js';
import type { RouteDef } from '../../http/route-table.js';
import { compareStat, monthlySales, recentSales, STAT_COUNTERS, type StatName } from './queries.js';

// The dashboard is everyone's home page (spec §2), so its figures need only a session.
export function statsRoutes(db: Db, clock: () => Date): RouteDef[] {
  const tiles = (Object.keys(STAT_COUNTERS) as StatName[]).map(
    (name): RouteDef => ({
      method: 'GET',
      path: `/api/account/stats/${name}`,
      access: { signedIn: true },
      async handler(c) {
        return c.json(await compareStat(db, c.get('user').accountId, name, clock()));
      },
    }),
  );
  return [
    ...tiles,
    {
      method: 'GET',
      path: '/api/account/stats/recentSales',
      access: { signedIn: true },
      async handler(c) {
        // spec §7: "a list", the bare JSON array.
        return c.json(await recentSales(db, c.get('user').accountId, clock()));
      },
    },
    {
      method: 'GET',
      path: '/api/account/stats/sales',
      access: { signedIn: true },
      async handler(c) {
        return c.json(await monthlySales(db, c.get('user').accountId, clock()));
      },
    },
  ];
}
