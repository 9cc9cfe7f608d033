import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
const product = { name: 'Iso Castle', pricing: { mode: 'flat', amount: 100 } };
const downtime = { quantity: 1, reason: 'repair', from: '2026-06-01T10:00:00Z', hard: true };
const inAMonth = (i: { productId: string }) =>
  `/api/availability?start=2026-06-13T10:00:00Z&end=2026-06-13T18:00:00Z&items=${i.productId}:1`;

export const routeCases: RouteCases = {
  'GET /api/products': { path: () => '/api/products', namesRecord: false },
  'POST /api/products': { path: () => '/api/products', body: product, namesRecord: false },
  'GET /api/products/:id': { path: (i) => `/api/products/${i.productId}`, namesRecord: true },
  'PATCH /api/products/:id': {
    path: (i) => `/api/products/${i.productId}`,
    body: { name: 'Renamed' },
    namesRecord: true,
  },
  'POST /api/products/:id/images': {
    path: (i) => `/api/products/${i.productId}/images`,
    namesRecord: true,
  },
  'DELETE /api/products/:id/images/:imageId': {
    path: (i) => `/api/products/${i.productId}/images/${i.imageId}`,
    namesRecord: true,
  },
  'GET /api/inventory-images/:id/:size': {
    path: (i) => `/api/inventory-images/${i.imageId}/thumbnail`,
    namesRecord: true,
  },
  'POST /api/products/:id/units': {
    path: (i) => `/api/products/${i.productId}/units`,
    body: { name: 'Unit #9' },
    namesRecord: true,
  },
  'PATCH /api/products/:id/units/:unitId': {
    path: (i) => `/api/products/${i.productId}/units/${i.unitId}`,
    body: { name: 'Unit #10' },
    namesRecord: true,
  },
  'GET /api/products/:id/availability': {
    path: (i) => `/api/products/${i.productId}/availability?month=2026-06`,
    namesRecord: true,
  },
  'GET /api/products/:id/surfaces': {
    path: (i) => `/api/products/${i.productId}/surfaces`,
    namesRecord: true,
  },
  'PUT /api/products/:id/surfaces': {
    path: (i) => `/api/products/${i.productId}/surfaces`,
    body: [],
    namesRecord: true,
  },
  'GET /api/products/:id/downtimes': {
    path: (i) => `/api/products/${i.productId}/downtimes`,
    namesRecord: true,
  },
  'POST /api/products/:id/downtimes': {
    path: (i) => `/api/products/${i.productId}/downtimes`,
    body: downtime,
    namesRecord: true,
  },
  'GET /api/downtimes': { path: () => '/api/downtimes', namesRecord: false },
  'DELETE /api/downtimes/:id': {
    path: (i) => `/api/downtimes/${i.downtimeId}`,
    namesRecord: true,
  },
  'GET /api/categories': { path: () => '/api/categories', namesRecord: false },
  'POST /api/categories': {
    path: () => '/api/categories',
    body: { name: 'Iso Category' },
    namesRecord: false,
  },
  'PATCH /api/categories/:id': {
    path: (i) => `/api/categories/${i.categoryId}`,
    body: { name: 'Renamed' },
    namesRecord: true,
  },
  'POST /api/categories/:id/image': {
    path: (i) => `/api/categories/${i.categoryId}/image`,
    namesRecord: true,
  },
  'GET /api/surfaces': { path: () => '/api/surfaces', namesRecord: false },
  'POST /api/surfaces': {
    path: () => '/api/surfaces',
    body: { name: 'Iso Surface' },
    namesRecord: false,
  },
  'GET /api/surfaces/rules': { path: () => '/api/surfaces/rules', namesRecord: false },
  'PATCH /api/surfaces/:id': {
    path: (i) => `/api/surfaces/${i.surfaceId}`,
    body: { name: 'Renamed' },
    namesRecord: true,
  },
  'GET /api/availability': { path: inAMonth, namesRecord: false },
};
