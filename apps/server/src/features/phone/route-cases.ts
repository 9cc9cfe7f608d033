import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
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
  'GET /api/phone/caller-card': {
    path: (i) => `/api/phone/caller-card?customerId=${i.customerId}`,
    namesRecord: true,
  },
  'GET /api/phone/callers': {
    path: () => '/api/phone/callers?number=5550100777',
    namesRecord: false,
  },
  'PUT /api/phone/calls/:callSid/customer': {
    path: (i) => `/api/phone/calls/${i.callSid}/customer`,
    body: { customerId: 7 },
    namesRecord: true,
  },
  'GET /api/phone/settings': { path: () => '/api/phone/settings', namesRecord: false },
  'POST /api/phone/settings/save': {
    path: () => '/api/phone/settings/save',
    body: {},
    namesRecord: false,
  },
  'GET /api/phone/numbers/available': {
    path: () => '/api/phone/numbers/available?areaCode=5',
    namesRecord: false,
  },
  'POST /api/phone/numbers': {
    path: () => '/api/phone/numbers',
    body: { phoneNumber: 'any' },
    namesRecord: false,
  },
  'GET /api/phone/text-back': { path: () => '/api/phone/text-back', namesRecord: false },
  'PUT /api/phone/text-back': {
    path: () => '/api/phone/text-back',
    body: { enabled: 'yes' },
    namesRecord: false,
  },
};
