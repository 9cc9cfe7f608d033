import type { Feature } from '../feature.js';
import { emailJobs, emailSchedules } from './jobs.js';
import { emailsJourney } from './journey.js';
import { emailRoutes } from './routes.js';
import { seedEmails } from './seed.js';
import * as tables from './tables.js';

/** §8 e-mails and automations: templates, the outbox, and messages sent once, never in quiet hours. */
export const emailsFeature: Feature = {
  name: 'emails',
  tables,
  routes: emailRoutes,
  jobs: emailJobs,
  schedules: emailSchedules,
  seed: seedEmails,
  journey: emailsJourney,
};
