import type { Feature } from '../feature.js';
import { weatherJobs, weatherSchedules } from './jobs.js';
import { weatherRoutes } from './routes.js';
import * as tables from './tables.js';

/**
 * The weather board (issue 24 item 6, decision 0061): a policy, a forecast check of the next
 * three days' deliveries (each morning and evening, and on demand), the at-risk orders, their
 * customers texted their options once, and each reply applied.
 */
export const weatherFeature: Feature = {
  name: 'weather',
  tables,
  routes: weatherRoutes,
  jobs: weatherJobs,
  schedules: weatherSchedules,
};
