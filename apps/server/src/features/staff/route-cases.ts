import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/staff': { path: () => '/api/staff', namesRecord: false },
  'PATCH /api/staff/members/:userId': {
    path: (ids) => `/api/staff/members/${ids.memberId}`,
    body: { preset: 'office' },
    namesRecord: true,
  },
  'POST /api/staff/members/:userId/suspend': {
    path: (ids) => `/api/staff/members/${ids.memberId}/suspend`,
    namesRecord: true,
  },
  'POST /api/staff/members/:userId/reinstate': {
    path: (ids) => `/api/staff/members/${ids.memberId}/reinstate`,
    namesRecord: true,
  },
  'DELETE /api/staff/members/:userId': {
    path: (ids) => `/api/staff/members/${ids.memberId}`,
    namesRecord: true,
  },
  'POST /api/staff/invites': {
    path: () => '/api/staff/invites',
    body: { via: 'email', email: 'routecase@tentpole.test', preset: 'driver' },
    namesRecord: false,
  },
  'POST /api/staff/invites/:id/resend': {
    path: (ids) => `/api/staff/invites/${ids.inviteId}/resend`,
    namesRecord: true,
  },
  'DELETE /api/staff/invites/:id': {
    path: (ids) => `/api/staff/invites/${ids.inviteId}`,
    namesRecord: true,
  },
  'POST /api/invites/:token/join': {
    path: () => `/api/invites/${'x'.repeat(43)}/join`,
    namesRecord: false,
  },
};
