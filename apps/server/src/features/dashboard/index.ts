import type { Feature } from '../feature.js';
import { dashboardRoutes } from './routes.js';

/** The dashboard's figures: the stat tiles, recent sales and the sales chart. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  routes: dashboardRoutes,
};
