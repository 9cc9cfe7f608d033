import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/coupons': { path: () => '/api/coupons', namesRecord: false },
  'POST /api/coupons': {
    path: () => '/api/coupons',
    body: { code: 'ROUTECASE', kind: 'percent', percentBps: 500 },
    namesRecord: false,
  },
  'GET /api/coupons/:id': { path: (ids) => `/api/coupons/${ids.couponId}`, namesRecord: true },
  'PATCH /api/coupons/:id': {
    path: (ids) => `/api/coupons/${ids.couponId}`,
    body: { active: false },
    namesRecord: true,
  },
};
