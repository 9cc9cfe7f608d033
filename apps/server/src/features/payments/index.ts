import type { Feature } from '../feature.js';
import { paymentsJourney } from './journey.js';
import { paymentRoutes } from './routes.js';
import { seedPayments } from './seed.js';
import * as tables from './tables.js';

/** Payments received against orders, refunds, and store credit. */
export const paymentsFeature: Feature = {
  name: 'payments',
  tables,
  routes: paymentRoutes,
  seed: seedPayments,
  journey: paymentsJourney,
};
