import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
const customer = { firstName: 'Iso', lastName: 'Lation', email: 'iso@example.com' };

export const routeCases: RouteCases = {
  'GET /api/customers': { path: () => '/api/customers', namesRecord: false },
  'POST /api/customers': { path: () => '/api/customers', body: customer, namesRecord: false },
  'GET /api/customers/:id': { path: (i) => `/api/customers/${i.customerId}`, namesRecord: true },
  'PATCH /api/customers/:id': {
    path: (i) => `/api/customers/${i.customerId}`,
    body: { points: 1 },
    namesRecord: true,
  },
  'GET /api/customers/:id/orders': {
    path: (i) => `/api/customers/${i.customerId}/orders`,
    namesRecord: true,
  },
  'GET /api/customers/:id/documents': {
    path: (i) => `/api/customers/${i.customerId}/documents`,
    namesRecord: true,
  },
  'GET /api/customers/:id/phone': {
    path: (i) => `/api/customers/${i.customerId}/phone`,
    namesRecord: true,
  },
  'GET /api/customers/:id/journey': {
    path: (i) => `/api/customers/${i.customerId}/journey`,
    namesRecord: true,
  },
};
