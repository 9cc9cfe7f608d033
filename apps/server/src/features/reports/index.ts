import type { Feature } from '../feature.js';
import { reportRoutes } from './routes.js';
import * as tables from './tables.js';

/** §11: the reports, each a summary against the previous period, a chart, a table and CSV. */
export const reportsFeature: Feature = {
  name: 'reports',
  tables,
  routes: reportRoutes,
};
