import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/website/pages': { path: () => '/api/website/pages', namesRecord: false },
  'POST /api/website/pages': {
    path: () => '/api/website/pages',
    body: { title: 'Route case', slug: 'route-case' },
    namesRecord: false,
  },
  'PUT /api/website/pages/order': {
    path: () => '/api/website/pages/order',
    body: { ids: ['00000000-0000-4000-8000-000000000000'] },
    namesRecord: false,
  },
  'GET /api/website/pages/:id': {
    path: (i) => `/api/website/pages/${i.websitePageId}`,
    namesRecord: true,
  },
  'PUT /api/website/pages/:id': {
    path: (i) => `/api/website/pages/${i.websitePageId}`,
    body: { title: 'About us', sections: [] },
    namesRecord: true,
  },
  'DELETE /api/website/pages/:id': {
    path: (i) => `/api/website/pages/${i.websitePageId}`,
    namesRecord: true,
  },
  'POST /api/website/pages/:id/publish': {
    path: (i) => `/api/website/pages/${i.websitePageId}/publish`,
    namesRecord: true,
  },
  'GET /api/website/pages/:id/preview': {
    path: (i) => `/api/website/pages/${i.websitePageId}/preview`,
    namesRecord: true,
  },
  'POST /api/website/images': { path: () => '/api/website/images', namesRecord: false },
  'GET /api/website/images/:id': {
    path: (i) => `/api/website/images/${i.websiteImageId}`,
    namesRecord: true,
  },
};
