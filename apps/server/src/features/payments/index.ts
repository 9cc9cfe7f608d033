import type Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import type { Feature } from '../feature.js';
import { reconcileHolds } from './card-on-file.js';
import { reconcilePayLinks } from './card-payments.js';
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

/**
 * At start, before any timer: every open pay link and security deposit hold is asked about at
 * the processor, so money that moved while this instance was down is recorded now (the
 * periodic job's first run may fall in a period another run already claimed).
 */
export async function reconcileCardPayments(db: Db, stripe: Stripe, now = new Date()) {
  await reconcilePayLinks(db, stripe, now);
  await reconcileHolds(db, stripe, now);
}
