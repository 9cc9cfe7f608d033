import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'POST /api/signup/verification/resend': {
    path: () => '/api/signup/verification/resend',
    namesRecord: false,
  },
  'GET /api/signup/checklist': { path: () => '/api/signup/checklist', namesRecord: false },
  'POST /api/signup/checklist/dismiss': {
    path: () => '/api/signup/checklist/dismiss',
    namesRecord: false,
  },
};
