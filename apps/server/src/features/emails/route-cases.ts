import type { RouteCases } from '../../http/route-cases.js';

const template = { subject: 'Hi {{customer.firstName}}', body: 'Your order #{{order.number}}' };
const automation = {
  name: 'Isolation',
  trigger: 'before_event',
  offsetAmount: 2,
  offsetUnit: 'days',
  atTime: '10:00',
  channel: 'email',
  templateKey: 'event_reminder',
  statuses: ['reserved'],
};

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/saved-replies': { path: () => '/api/saved-replies', namesRecord: false },
  'POST /api/saved-replies': {
    path: () => '/api/saved-replies',
    body: { name: 'Isolation', body: 'Hi {{customer.firstName}}' },
    namesRecord: false,
  },
  'PUT /api/saved-replies/:id': {
    path: (i) => `/api/saved-replies/${i.savedReplyId}`,
    body: { name: 'Isolation changed', body: 'Hello' },
    namesRecord: true,
  },
  'DELETE /api/saved-replies/:id': {
    path: (i) => `/api/saved-replies/${i.savedReplyId}`,
    namesRecord: true,
  },
  'POST /api/saved-replies/:id/fill': {
    path: (i) => `/api/saved-replies/${i.savedReplyId}/fill`,
    body: { conversationId: '00000000-0000-4000-8000-000000000000' },
    namesRecord: true,
  },
  'GET /api/email/templates': { path: () => '/api/email/templates', namesRecord: false },
  'PUT /api/email/templates/:key': {
    path: () => '/api/email/templates/quote',
    body: template,
    namesRecord: false,
  },
  'DELETE /api/email/templates/:key': {
    path: () => '/api/email/templates/quote',
    namesRecord: false,
  },
  'POST /api/email/templates/:key/preview': {
    path: () => '/api/email/templates/quote/preview',
    body: template,
    namesRecord: false,
  },
  'POST /api/email/templates/:key/test': {
    path: () => '/api/email/templates/quote/test',
    body: template,
    namesRecord: false,
  },
  'GET /api/email/automations': { path: () => '/api/email/automations', namesRecord: false },
  'POST /api/email/automations': {
    path: () => '/api/email/automations',
    body: automation,
    namesRecord: false,
  },
  'PUT /api/email/automations/:id': {
    path: () => '/api/email/automations/00000000-0000-4000-8000-000000000000',
    body: automation,
    namesRecord: false,
  },
  'DELETE /api/email/automations/:id': {
    path: () => '/api/email/automations/00000000-0000-4000-8000-000000000000',
    namesRecord: false,
  },
  'GET /api/email/automations/week': {
    path: () => '/api/email/automations/week',
    namesRecord: false,
  },
  'POST /api/email/automations/week': {
    path: () => '/api/email/automations/week',
    body: automation,
    namesRecord: false,
  },
  'GET /api/email/settings': { path: () => '/api/email/settings', namesRecord: false },
  'PUT /api/email/settings': {
    path: () => '/api/email/settings',
    body: { quietHours: { start: '21:00', end: '08:00' }, reviewLink: null },
    namesRecord: false,
  },
  'GET /api/email/messages': { path: () => '/api/email/messages', namesRecord: false },
  'GET /api/email/messages/:id': {
    path: () => '/api/email/messages/00000000-0000-4000-8000-000000000000',
    namesRecord: false,
  },
  'GET /api/orders/:id/messages': {
    path: (i) => `/api/orders/${i.orderId}/messages`,
    namesRecord: true,
  },
  'PUT /api/orders/:id/messages/mute': {
    path: (i) => `/api/orders/${i.orderId}/messages/mute`,
    body: { muted: false },
    namesRecord: true,
  },
  'POST /api/orders/:id/send': {
    path: (i) => `/api/orders/${i.orderId}/send`,
    body: { templateKey: 'quote', channel: 'email' },
    namesRecord: true,
  },
};
