import type { Feature } from '../feature.js';
import { billingRoutes } from './routes.js';
import * as tables from './tables.js';

/** §13: the account's own Tentpole plan: Checkout, the card, invoices, limits, read-only. */
export const billingFeature: Feature = {
  name: 'billing',
  tables,
  routes: billingRoutes,
};
