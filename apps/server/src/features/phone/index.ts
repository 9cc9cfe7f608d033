import type { Feature } from '../feature.js';
import { phoneJourney } from './journey.js';
import { recordingJobs } from './recordings.js';
import { phoneFeatureRoutes } from './routes.js';
import { seedPhone } from './seed.js';
import * as tables from './tables.js';
import { textJobs } from './texts/jobs.js';
import { mediaJobs } from './texts/media.js';
import * as textTables from './texts/tables.js';

/** Reach: the business phone (calls, voicemail, settings) and texting. */
export const phoneFeature: Feature = {
  name: 'phone',
  tables: { ...tables, ...textTables },
  routes: phoneFeatureRoutes,
  jobs: (deps) => [...textJobs(deps), ...mediaJobs(deps), ...recordingJobs(deps)],
  seed: seedPhone,
  journey: phoneJourney,
};
