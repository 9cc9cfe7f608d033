import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/orders': { path: () => '/api/orders', namesRecord: false },
  'POST /api/orders': {
    path: () => '/api/orders',
    body: {
      customerId: '00000000-0000-4000-8000-000000000000',
      eventStart: '2026-06-13T15:00:00Z',
      eventEnd: '2026-06-13T23:00:00Z',
      fulfilment: 'delivery',
      lines: [],
    },
    namesRecord: false,
  },
  'GET /api/orders/caller-offer': {
    path: () =>
      '/api/orders/caller-offer?start=2030-06-15T15:00:00Z&end=2030-06-15T23:00:00Z&postalCode=78701',
    namesRecord: false,
  },
  'POST /api/orders/caller-holds': {
    path: () => '/api/orders/caller-holds',
    body: {
      customerId: '00000000-0000-4000-8000-000000000000',
      start: '2030-06-15T15:00:00Z',
      end: '2030-06-15T23:00:00Z',
      lines: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
    },
    namesRecord: false,
  },
  'POST /api/orders/preview': {
    path: () => '/api/orders/preview',
    body: { eventStart: '2026-06-13T15:00:00Z', eventEnd: '2026-06-13T23:00:00Z', lines: [] },
    namesRecord: false,
  },
  'GET /api/orders/calendar': {
    path: () => '/api/orders/calendar?from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z',
    namesRecord: false,
  },
  'GET /api/orders/:id': { path: (i) => `/api/orders/${i.orderId}`, namesRecord: true },
  'PATCH /api/orders/:id': {
    path: (i) => `/api/orders/${i.orderId}`,
    body: { tags: ['vip'] },
    namesRecord: true,
  },
  'POST /api/orders/:id/transitions': {
    path: (i) => `/api/orders/${i.orderId}/transitions`,
    body: { to: 'quote' },
    namesRecord: true,
  },
  'GET /api/orders/:id/documents': {
    path: (i) => `/api/orders/${i.orderId}/documents`,
    namesRecord: true,
  },
  'POST /api/orders/:id/documents': {
    path: (i) => `/api/orders/${i.orderId}/documents`,
    body: { kind: 'quote' },
    namesRecord: true,
  },
  'GET /api/orders/:id/photos': {
    path: (i) => `/api/orders/${i.orderId}/photos`,
    namesRecord: true,
  },
  'GET /api/order-photos/:id/:size': {
    path: () => '/api/order-photos/00000000-0000-4000-8000-000000000000/full',
    namesRecord: false,
  },
  'GET /api/documents/:id/pdf': {
    path: (i) => `/api/documents/${i.documentId}/pdf`,
    namesRecord: true,
  },
  'POST /api/orders/:id/link': { path: (i) => `/api/orders/${i.orderId}/link`, namesRecord: true },
  'DELETE /api/orders/:id/link': {
    path: (i) => `/api/orders/${i.orderId}/link`,
    namesRecord: true,
  },
  'GET /api/orders/:id/activity': {
    path: (i) => `/api/orders/${i.orderId}/activity`,
    namesRecord: true,
  },
  'POST /api/orders/:id/photos': {
    path: (i) => `/api/orders/${i.orderId}/photos`,
    body: {},
    namesRecord: true,
  },
};
