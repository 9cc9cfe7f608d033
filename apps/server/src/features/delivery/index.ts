import type { Feature } from '../feature.js';
import { deliveryRoutes } from './routes.js';
import { seedDelivery } from './seed.js';
import * as tables from './tables.js';

/** Delivery (§7.1): methods, fee rules and depots; orders price their fee with `quoteDelivery`. */
export const deliveryFeature: Feature = {
  name: 'delivery',
  tables,
  routes: deliveryRoutes,
  seed: seedDelivery,
};
