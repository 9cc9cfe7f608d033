import type { Feature } from '../feature.js';
import { emailJobs } from './jobs.js';
import * as tables from './tables.js';

/** E-mails to customers: stored, queued and sent once (issue 21; templates and automations next). */
export const emailsFeature: Feature = {
  name: 'emails',
  tables,
  jobs: emailJobs,
};
