import type { Feature } from '../feature.js';
import { websiteRoutes } from './routes.js';
import { seedWebsite } from './seed.js';
import { websiteStorefront } from './site-routes.js';
import * as tables from './tables.js';

/** The website builder (§10, issue 20 item 4): pages of sections shown by the online store. */
export const websiteFeature: Feature = {
  name: 'website',
  tables,
  routes: websiteRoutes,
  storefront: websiteStorefront,
  seed: seedWebsite,
};
