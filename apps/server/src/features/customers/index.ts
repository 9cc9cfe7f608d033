import type { Feature } from '../feature.js';
import { customersJourney } from './journey.js';
import { customerRoutes } from './routes.js';
import { seedCustomers } from './seed.js';
import * as tables from './tables.js';

/** Customers: the list, the record, and the journey every feature adds to. */
export const customersFeature: Feature = {
  name: 'customers',
  tables,
  routes: customerRoutes,
  seed: seedCustomers,
  journey: customersJourney,
};
