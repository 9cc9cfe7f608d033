import { REPORT_KEYS } from '@tentpole/domain';
import type { RouteCases } from '../../http/route-cases.js';

// How the route-table tests call each report route: none names a record.
export const routeCases: RouteCases = {
  'GET /api/reports': { path: () => '/api/reports', namesRecord: false },
  ...Object.fromEntries(
    REPORT_KEYS.flatMap((key) => [
      [`GET /api/reports/${key}`, { path: () => `/api/reports/${key}`, namesRecord: false }],
      [
        `GET /api/reports/${key}/csv`,
        { path: () => `/api/reports/${key}/csv`, namesRecord: false },
      ],
    ]),
  ),
};
