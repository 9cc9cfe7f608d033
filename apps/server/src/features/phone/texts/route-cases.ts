import type { RouteCases } from '../../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/phone/text': { path: () => '/api/phone/text', namesRecord: false },
  'POST /api/phone/text/create': {
    path: () => '/api/phone/text/create',
    body: { phoneNumber: '5550100123', body: 'hi' },
    namesRecord: false,
  },
  'POST /api/phone/text/:conversationId': {
    path: (i) => `/api/phone/text/${i.conversationId}`,
    body: {},
    namesRecord: true,
  },
  'POST /api/phone/text/:conversationId/sendMessage': {
    path: (i) => `/api/phone/text/${i.conversationId}/sendMessage`,
    body: { body: 'hi' },
    namesRecord: true,
  },
  'GET /api/phone/media/:mediaId': {
    path: (i) => `/api/phone/media/${i.mediaId}`,
    namesRecord: true,
  },
  'POST /api/phone/media/:mediaId/order-photo': {
    path: (i) => `/api/phone/media/${i.mediaId}/order-photo`,
    body: { orderId: 'not-an-order' },
    namesRecord: true,
  },
  'POST /api/phone/orders/:orderId/photo-request': {
    path: (i) => `/api/phone/orders/${i.orderId}/photo-request`,
    namesRecord: true,
  },
  'GET /api/phone/text/:conversationId/links': {
    path: (i) => `/api/phone/text/${i.conversationId}/links`,
    namesRecord: true,
  },
  'POST /api/phone/text/:conversationId/links': {
    path: (i) => `/api/phone/text/${i.conversationId}/links`,
    body: { orderId: '00000000-0000-4000-8000-000000000000', kind: 'order' },
    namesRecord: true,
  },
  'PATCH /api/phone/text/:conversationId': {
    path: (i) => `/api/phone/text/${i.conversationId}`,
    body: { status: 'closed' },
    namesRecord: true,
  },
  'PUT /api/phone/text/:conversationId/customer': {
    path: (i) => `/api/phone/text/${i.conversationId}/customer`,
    body: { customerId: 7 },
    namesRecord: true,
  },
  'GET /api/phone/teammates': { path: () => '/api/phone/teammates', namesRecord: false },
  'GET /api/phone/text/:conversationId/timeline': {
    path: (i) => `/api/phone/text/${i.conversationId}/timeline`,
    namesRecord: true,
  },
};
