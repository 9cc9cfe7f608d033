import type { Feature } from '../feature.js';
import { storeJourney } from './journey.js';
import { seedStore } from './seed.js';
import * as tables from './tables.js';

/** The online store: carts customers start (and the orders some become). */
export const storeFeature: Feature = {
  name: 'store',
  tables,
  seed: seedStore,
  journey: storeJourney,
};
