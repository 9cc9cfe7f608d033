import type { Feature } from '../feature.js';
import { passwordResetRoutes } from './routes.js';
import * as tables from './tables.js';

/** "Forgot password?": a single-use link by e-mail that sets a new password (decision 0065). */
export const passwordResetFeature: Feature = {
  name: 'password-reset',
  tables,
  routes: passwordResetRoutes,
};
