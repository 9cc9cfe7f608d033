import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/delivery/settings': { path: () => '/api/delivery/settings', namesRecord: false },
  'PUT /api/delivery/settings': {
    path: () => '/api/delivery/settings',
    body: {
      methods: {
        staffed: { enabled: true, label: 'Delivery and setup', baseFee: 0 },
        drop_off: { enabled: true, label: 'Drop-off', baseFee: 0 },
        pickup: { enabled: true, label: 'Customer pickup' },
      },
      tiers: [{ upToMiles: 10, fee: 4000 }],
      perMileBeyond: 250,
      serviceRadiusMiles: 40,
      zipOverrides: [],
      windowSurcharges: [],
      taxable: true,
    },
    namesRecord: false,
  },
  'GET /api/delivery/depots': { path: () => '/api/delivery/depots', namesRecord: false },
  'POST /api/delivery/depots': {
    path: () => '/api/delivery/depots',
    body: {
      name: 'Route case depot',
      address: { line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701' },
      lat: 30.27,
      lng: -97.74,
    },
    namesRecord: false,
  },
  'PATCH /api/delivery/depots/:id': {
    path: (ids) => `/api/delivery/depots/${ids.depotId}`,
    body: { name: 'Renamed depot' },
    namesRecord: true,
  },
  'DELETE /api/delivery/depots/:id': {
    path: (ids) => `/api/delivery/depots/${ids.depotId}`,
    namesRecord: true,
  },
  'POST /api/delivery/quote': {
    path: () => '/api/delivery/quote',
    body: { method: 'staffed', address: { postalCode: '78701' } },
    namesRecord: false,
  },
  'GET /api/delivery/vehicles': { path: () => '/api/delivery/vehicles', namesRecord: false },
  'POST /api/delivery/vehicles': {
    path: () => '/api/delivery/vehicles',
    body: { name: 'Route case truck', capacityUnits: 10, shiftStart: '08:00', shiftEnd: '18:00' },
    namesRecord: false,
  },
  'PATCH /api/delivery/vehicles/:id': {
    path: (ids) => `/api/delivery/vehicles/${ids.vehicleId}`,
    body: { name: 'Renamed truck' },
    namesRecord: true,
  },
  'DELETE /api/delivery/vehicles/:id': {
    path: (ids) => `/api/delivery/vehicles/${ids.vehicleId}`,
    namesRecord: true,
  },
  'GET /api/delivery/day': { path: () => '/api/delivery/day?date=2030-06-15', namesRecord: false },
  'POST /api/delivery/day/plan': {
    path: () => '/api/delivery/day/plan',
    body: { date: '2030-06-15' },
    namesRecord: false,
  },
  'PUT /api/delivery/day/routes': {
    path: () => '/api/delivery/day/routes',
    body: { date: '2030-06-15', routes: [] },
    namesRecord: false,
  },
  'PUT /api/delivery/day/crew': {
    path: () => '/api/delivery/day/crew',
    body: { date: '2030-06-15', vehicleId: '00000000-0000-4000-8000-000000000001', userIds: [] },
    namesRecord: false,
  },
  'GET /api/delivery/load-list': {
    path: () => '/api/delivery/load-list?date=2030-06-15',
    namesRecord: false,
  },
  'GET /api/delivery/driver/day': {
    path: () => '/api/delivery/driver/day?date=2030-06-15',
    namesRecord: false,
  },
  'GET /api/delivery/driver/routes/:vehicleId': {
    path: (ids) => `/api/delivery/driver/routes/${ids.vehicleId}?date=2030-06-15`,
    namesRecord: true,
  },
  'POST /api/delivery/driver/events': {
    path: () => '/api/delivery/driver/events',
    body: {},
    namesRecord: false,
  },
  'GET /api/delivery/driver/site-photos/:id': {
    path: () =>
      '/api/delivery/driver/site-photos/00000000-0000-4000-8000-000000000003?date=2030-06-15',
    namesRecord: false,
  },
  'GET /api/delivery/stop-files/:id': {
    path: () => '/api/delivery/stop-files/00000000-0000-4000-8000-000000000002',
    namesRecord: false,
  },
};
