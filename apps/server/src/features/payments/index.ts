import type { Feature } from '../feature.js';
import { cardPaymentRoutes } from './card-routes.js';
import { paymentJobs, paymentSchedules } from './jobs.js';
import { paymentsJourney } from './journey.js';
import { paymentRoutes } from './routes.js';
import { seedPayments } from './seed.js';
import * as tables from './tables.js';

/** Payments received against orders, refunds, store credit, and card payments (§6). */
export const paymentsFeature: Feature = {
  name: 'payments',
  tables,
  routes: (context) => [...paymentRoutes(context), ...cardPaymentRoutes(context)],
  jobs: paymentJobs,
  schedules: paymentSchedules,
  seed: seedPayments,
  journey: paymentsJourney,
};
