import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/account': { path: () => '/api/account', namesRecord: false },
  'GET /api/account/settings': { path: () => '/api/account/settings', namesRecord: false },
  'PUT /api/account/settings': {
    path: () => '/api/account/settings',
    body: { name: 'Iso Business', timezone: 'America/Chicago', currency: 'USD' },
    namesRecord: false,
  },
  'POST /api/account/logo': { path: () => '/api/account/logo', namesRecord: false },
  'DELETE /api/account/logo': { path: () => '/api/account/logo', namesRecord: false },
  'GET /api/account/teams': { path: () => '/api/account/teams', namesRecord: false },
  'POST /api/account/teams': {
    path: () => '/api/account/teams',
    body: { name: 'Iso Team' },
    namesRecord: false,
  },
};
