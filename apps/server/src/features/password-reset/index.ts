import { deadLinksBefore } from '../../auth/link-tokens.js';
import type { Feature } from '../feature.js';
import { passwordResetRoutes } from './routes.js';
import * as tables from './tables.js';

/** "Forgot password?": a single-use link by e-mail that sets a new password (decision 0065). */
export const passwordResetFeature: Feature = {
  name: 'password-reset',
  tables,
  // Links that stopped working over the retention ago: nothing can use them again.
  retention: async (db, before) =>
    (
      await db
        .delete(tables.passwordResets)
        .where(deadLinksBefore(tables.passwordResets, before))
        .returning({ id: tables.passwordResets.id })
    ).length,
  routes: passwordResetRoutes,
};
