// How to call every guarded /api route, for the tests that walk the route table.

export type Ids = { customerId: string; conversationId: string; callId: string };
export type Case = {
  /** The route's path with this account's ids filled in. */
  path: (ids: Ids) => string;
  body?: unknown;
  /** The route names a record of the account: another account's user must get 404. */
  namesRecord: boolean;
};

const customer = { firstName: 'Iso', lastName: 'Lation', email: 'iso@example.com' };
export const CASES: Record<string, Case> = {
  'GET /api/account': { path: () => '/api/account', namesRecord: false },
  'GET /api/account/teams': { path: () => '/api/account/teams', namesRecord: false },
  'POST /api/account/teams': {
    path: () => '/api/account/teams',
    body: { name: 'Iso Team' },
    namesRecord: false,
  },
  'GET /api/account/stats/cartSessions': {
    path: () => '/api/account/stats/cartSessions',
    namesRecord: false,
  },
  'GET /api/account/stats/newCustomers': {
    path: () => '/api/account/stats/newCustomers',
    namesRecord: false,
  },
  'GET /api/account/stats/orders': { path: () => '/api/account/stats/orders', namesRecord: false },
  'GET /api/account/stats/ytdRevenue': {
    path: () => '/api/account/stats/ytdRevenue',
    namesRecord: false,
  },
  'GET /api/account/stats/recentSales': {
    path: () => '/api/account/stats/recentSales',
    namesRecord: false,
  },
  'GET /api/account/stats/sales': { path: () => '/api/account/stats/sales', namesRecord: false },
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
  'GET /api/phone/': { path: () => '/api/phone/', namesRecord: false },
  'GET /api/phone': { path: () => '/api/phone', namesRecord: false },
  'GET /api/phone/voice/token': { path: () => '/api/phone/voice/token', namesRecord: false },
  'GET /api/phone/voice/options': { path: () => '/api/phone/voice/options', namesRecord: false },
  'POST /api/phone/voice/call': {
    path: () => '/api/phone/voice/call',
    body: { phoneNumber: '5550100123' },
    namesRecord: false,
  },
  'GET /api/phone/calls': { path: () => '/api/phone/calls', namesRecord: false },
  'GET /api/phone/calls/:id/voicemail': {
    path: (i) => `/api/phone/calls/${i.callId}/voicemail`,
    namesRecord: true,
  },
  'GET /api/phone/settings': { path: () => '/api/phone/settings', namesRecord: false },
  'POST /api/phone/settings/save': {
    path: () => '/api/phone/settings/save',
    body: {},
    namesRecord: false,
  },
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
  'GET /api/events': { path: () => '/api/events', namesRecord: false },
};
