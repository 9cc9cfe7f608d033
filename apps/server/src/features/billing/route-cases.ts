import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/billing': { path: () => '/api/billing', namesRecord: false },
  'POST /api/billing/checkout': {
    path: () => '/api/billing/checkout',
    body: { purpose: 'payment_method' },
    namesRecord: false,
  },
  'POST /api/billing/confirm': {
    path: () => '/api/billing/confirm',
    body: { sessionId: 'cs_test_isolation0000000000' },
    namesRecord: false,
  },
  'PUT /api/billing/plan': {
    path: () => '/api/billing/plan',
    body: { tier: 'pro' },
    namesRecord: false,
  },
};
