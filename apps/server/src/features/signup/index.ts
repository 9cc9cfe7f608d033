import type { Feature } from '../feature.js';
import { signupRoutes } from './routes.js';
import * as tables from './tables.js';

/** Signing up (issue 23 item 5): a new business's account, its e-mail check, its checklist. */
export const signupFeature: Feature = {
  name: 'signup',
  tables,
  routes: signupRoutes,
};
