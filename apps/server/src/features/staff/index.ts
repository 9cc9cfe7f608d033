import type { Feature } from '../feature.js';
import { staffRoutes } from './routes.js';
import * as tables from './tables.js';

/** Team (§12): members, their role presets or permissions, and invitations. */
export const staffFeature: Feature = {
  name: 'staff',
  tables,
  routes: staffRoutes,
};
