import type { Feature } from '../feature.js';
import { paymentsJourney } from './journey.js';
import { seedPayments } from './seed.js';
import * as tables from './tables.js';

/** Payments received against orders. */
export const paymentsFeature: Feature = {
  name: 'payments',
  tables,
  seed: seedPayments,
  journey: paymentsJourney,
};
