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

// The store's public surface for the website feature (which imports the store; never the reverse).
export { cartCountOf } from './cart-count.js';
export { esc, layout, NOT_FOUND_PAGE, type Party, partyForm, partyQuery } from './pages.js';
export {
  type Store,
  type StoreCategory,
  type StoreProduct,
  storeBySlug,
  storeCategories,
  storeProducts,
  storeSettingsOf,
} from './queries.js';
export { sameOrigin } from './routes.js';
