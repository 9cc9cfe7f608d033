import type { Feature } from '../feature.js';
import { scheduleRoutes } from './routes.js';
import { seedSchedule } from './seed.js';
import * as tables from './tables.js';

/** Schedule (§12): hours, booking rules and blackouts; orders read them through `queries.ts`. */
export const scheduleFeature: Feature = {
  name: 'schedule',
  tables,
  routes: scheduleRoutes,
  seed: seedSchedule,
};
