import {
  recentSalesResponseSchema,
  salesOverviewResponseSchema,
  statResponseSchema,
} from '@tentpole/domain';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { DASHBOARD_TILES, type DashboardTile, dashboardTile } from '../reports/queries.js';
import { monthlySales, recentSales } from './queries.js';

// back-office spec §11: each tile is defined by the reports' queries.
const STAT_SUMMARIES: Record<DashboardTile, string> = {
  cartSessions:
    'Cart sessions: store sessions with at least one item, the last 7 local days against the 7 before.',
  newCustomers:
    'New customers: customers whose first order holding stock was made in the last 7 local days, against the 7 before.',
  orders:
    'Orders this week: booked orders whose event starts this week (Monday to Sunday, local), against last week.',
  ytdRevenue:
    "Revenue since 1 January in cents, before tax, on the account's basis (accrual by event date unless set to cash), against the same days last year.",
};
const tag = 'Dashboard';

// The dashboard is everyone's home page (spec §2), so its figures need only a session.
export function dashboardRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const tiles = DASHBOARD_TILES.map(
    (name): RouteDef => ({
      method: 'GET',
      path: `/api/account/stats/${name}`,
      access: { signedIn: true },
      summary: STAT_SUMMARIES[name],
      tag,
      response: statResponseSchema,
      async handler(c) {
        return c.json(await dashboardTile(db, c.get('user').accountId, name, clock()));
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
