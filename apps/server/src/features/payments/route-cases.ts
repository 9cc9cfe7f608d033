import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/orders/:id/payments': {
    path: (i) => `/api/orders/${i.orderId}/payments`,
    namesRecord: true,
  },
  'POST /api/orders/:id/payments': {
    path: (i) => `/api/orders/${i.orderId}/payments`,
    body: { amount: 100, method: 'cash' },
    namesRecord: true,
  },
  'POST /api/orders/:id/refunds': {
    path: (i) => `/api/orders/${i.orderId}/refunds`,
    body: { amount: 100, of: 'rental', reason: 'Isolation' },
    namesRecord: true,
  },
  'GET /api/orders/:id/pay-links': {
    path: (i) => `/api/orders/${i.orderId}/pay-links`,
    namesRecord: true,
  },
  'POST /api/orders/:id/pay-links': {
    path: (i) => `/api/orders/${i.orderId}/pay-links`,
    body: { purpose: 'custom', amount: 100 },
    namesRecord: true,
  },
  'POST /api/orders/:id/pay-links/:linkId/email': {
    path: (i) => `/api/orders/${i.orderId}/pay-links/00000000-0000-4000-8000-000000000000/email`,
    namesRecord: true,
  },
  'GET /api/orders/:id/card': {
    path: (i) => `/api/orders/${i.orderId}/card`,
    namesRecord: true,
  },
  'POST /api/orders/:id/card-hold/capture': {
    path: (i) => `/api/orders/${i.orderId}/card-hold/capture`,
    body: { amount: 100, note: 'Isolation' },
    namesRecord: true,
  },
  'POST /api/orders/:id/card-hold/release': {
    path: (i) => `/api/orders/${i.orderId}/card-hold/release`,
    namesRecord: true,
  },
};
