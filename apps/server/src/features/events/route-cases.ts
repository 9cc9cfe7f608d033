import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/events': { path: () => '/api/events', namesRecord: false },
};
