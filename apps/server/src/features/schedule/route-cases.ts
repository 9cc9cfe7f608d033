import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each of this feature's guarded routes.
export const routeCases: RouteCases = {
  'GET /api/schedule/staff': { path: () => '/api/schedule/staff', namesRecord: false },
  'PUT /api/schedule/staff/:userId/shifts': {
    path: (ids) => `/api/schedule/staff/${ids.memberId}/shifts`,
    body: { shifts: null },
    namesRecord: true,
  },
  'POST /api/schedule/staff/:userId/time-off': {
    path: (ids) => `/api/schedule/staff/${ids.memberId}/time-off`,
    body: { from: '2030-06-14', to: '2030-06-16', note: 'Route case' },
    namesRecord: true,
  },
  'DELETE /api/schedule/time-off/:id': {
    path: (ids) => `/api/schedule/time-off/${ids.timeOffId}`,
    namesRecord: true,
  },
  'GET /api/schedule': { path: () => '/api/schedule', namesRecord: false },
  'PUT /api/schedule': {
    path: () => '/api/schedule',
    body: {
      businessHours: {
        mon: { closed: true, intervals: [] },
        tue: { closed: true, intervals: [] },
        wed: { closed: true, intervals: [] },
        thu: { closed: true, intervals: [] },
        fri: { closed: true, intervals: [] },
        sat: { closed: true, intervals: [] },
        sun: { closed: true, intervals: [] },
      },
      serviceHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
      bookingRules: { minNoticeHours: 0, maxAdvanceDays: null, maxDeliveriesPerDay: null },
    },
    namesRecord: false,
  },
  'GET /api/schedule/blackouts': { path: () => '/api/schedule/blackouts', namesRecord: false },
  'POST /api/schedule/blackouts': {
    path: () => '/api/schedule/blackouts',
    body: { name: 'Route case', startDate: '2026-07-04' },
    namesRecord: false,
  },
  'PATCH /api/schedule/blackouts/:id': {
    path: (ids) => `/api/schedule/blackouts/${ids.blackoutId}`,
    body: { kind: 'online_only' },
    namesRecord: true,
  },
  'DELETE /api/schedule/blackouts/:id': {
    path: (ids) => `/api/schedule/blackouts/${ids.blackoutId}`,
    namesRecord: true,
  },
};
