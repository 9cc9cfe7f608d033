import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/store/settings': { path: () => '/api/store/settings', namesRecord: false },
  'GET /api/store/carts': {
    path: () => '/api/store/carts?from=2026-01-01&to=2026-01-31',
    namesRecord: false,
  },
  'PUT /api/store/settings': {
    path: () => '/api/store/settings',
    body: { slug: 'route-case-store', holdMinutes: 30 },
    namesRecord: false,
  },
  'GET /api/store/domain': { path: () => '/api/store/domain', namesRecord: false },
  'PUT /api/store/domain': {
    path: () => '/api/store/domain',
    body: { domain: 'route-case.example.com' },
    namesRecord: false,
  },
  'DELETE /api/store/domain': { path: () => '/api/store/domain', namesRecord: false },
  'POST /api/store/domain/verify': { path: () => '/api/store/domain/verify', namesRecord: false },
};
