import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/account/stats/cartSessions': {
    path: () => '/api/account/stats/cartSessions',
    namesRecord: false,
  },
  'GET /api/account/stats/newCustomers': {
    path: () => '/api/account/stats/newCustomers',
    namesRecord: false,
  },
  'GET /api/account/stats/orders': { path: () => '/api/account/stats/orders', namesRecord: false },
  'GET /api/account/stats/ytdRevenue': {
    path: () => '/api/account/stats/ytdRevenue',
    namesRecord: false,
  },
  'GET /api/account/stats/recentSales': {
    path: () => '/api/account/stats/recentSales',
    namesRecord: false,
  },
  'GET /api/account/stats/sales': { path: () => '/api/account/stats/sales', namesRecord: false },
};
