import type { Feature } from '../feature.js';
import { monitoringRoutes } from './routes.js';

/** The browser's error-report tunnel. */
export const monitoringFeature: Feature = {
  name: 'monitoring',
  routes: ({ sentryDsn }) => monitoringRoutes(sentryDsn),
};
