import {
  recentSalesResponseSchema,
  salesOverviewResponseSchema,
  statResponseSchema,
} from '@tentpole/domain';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { compareStat, monthlySales, recentSales, STAT_COUNTERS, type StatName } from './queries.js';

const STAT_SUMMARIES: Record<StatName, string> = {
  cartSessions: 'Cart sessions: last 7 days against the 7 before.',
  newCustomers: 'New customers: last 7 days against the 7 before.',
  orders: 'Orders placed: last 7 days against the 7 before.',
  ytdRevenue: 'Payments since 1 January, in cents, against the same span last year.',
};
const tag = 'Dashboard';

// The dashboard is everyone's home page (spec §2), so its figures need only a session.
export function dashboardRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const tiles = (Object.keys(STAT_COUNTERS) as StatName[]).map(
    (name): RouteDef => ({
      method: 'GET',
      path: `/api/account/stats/${name}`,
      access: { signedIn: true },
      summary: STAT_SUMMARIES[name],
      tag,
      response: statResponseSchema,
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
      summary: 'The ten latest payments, newest first (a bare list).',
      tag,
      response: recentSalesResponseSchema,
      async handler(c) {
        // spec §7: "a list", the bare JSON array.
        return c.json(await recentSales(db, c.get('user').accountId, clock()));
      },
    },
    {
      method: 'GET',
      path: '/api/account/stats/sales',
      access: { signedIn: true },
      summary: 'Payments per month for the last 12 months, with the total.',
      tag,
      response: salesOverviewResponseSchema,
      async handler(c) {
        return c.json(await monthlySales(db, c.get('user').accountId, clock()));
      },
    },
  ];
}
