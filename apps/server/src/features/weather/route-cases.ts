import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/weather/policy': { path: () => '/api/weather/policy', namesRecord: false },
  'PUT /api/weather/policy': {
    path: () => '/api/weather/policy',
    body: { gustsOverMph: 20, rainChanceAtLeast: 60, temperatureUnderF: 40, categories: [] },
    namesRecord: false,
  },
  'GET /api/weather/board': { path: () => '/api/weather/board', namesRecord: false },
  'POST /api/weather/check': { path: () => '/api/weather/check', namesRecord: false },
  'POST /api/weather/texts': { path: () => '/api/weather/texts', body: {}, namesRecord: false },
  'POST /api/weather/orders/:id/choice': {
    path: (i) => `/api/weather/orders/${i.orderId}/choice`,
    body: { choice: 1 },
    namesRecord: true,
  },
};
