import type { Feature } from '../feature.js';
import { linkRoutes } from './routes.js';
import * as tables from './tables.js';

/** Short links for texts (`/l/{code}`), made by the features that text links (issue 24 item 3). */
export const linksFeature: Feature = {
  name: 'links',
  tables,
  routes: linkRoutes,
};
