import type { Feature } from '../feature.js';

export { storeHostRouter } from './custom-domain.js';

import { storeJobs, storeSchedules } from './jobs.js';
import { storeJourney } from './journey.js';
import { storeRoutes } from './routes.js';
import { seedStore } from './seed.js';
import * as tables from './tables.js';

/** The online store (§10): its public pages at /s/{slug}, carts that hold stock, checkout. */
export const storeFeature: Feature = {
  name: 'store',
  tables,
  routes: storeRoutes,
  jobs: storeJobs,
  schedules: storeSchedules,
  seed: seedStore,
  journey: storeJourney,
};
