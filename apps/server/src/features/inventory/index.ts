import type { Feature } from '../feature.js';
import { inventoryJobs } from './jobs.js';
import { inventoryRoutes } from './routes.js';
import { seedInventory } from './seed.js';
import * as tables from './tables.js';

/** Inventory: products, categories, bundles and accessories, surfaces, maintenance, availability. */
export const inventoryFeature: Feature = {
  name: 'inventory',
  tables,
  routes: inventoryRoutes,
  jobs: inventoryJobs,
  seed: seedInventory,
};
