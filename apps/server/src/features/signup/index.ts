import { deadLinksBefore } from '../../auth/link-tokens.js';
import type { Feature } from '../feature.js';
import { signupRoutes } from './routes.js';
import * as tables from './tables.js';

/** Signing up (issue 23 item 5): a new business's account, its e-mail check, its checklist. */
export const signupFeature: Feature = {
  name: 'signup',
  tables,
  // Links that stopped working over the retention ago: nothing can use them again.
  retention: async (db, before) =>
    (
      await db
        .delete(tables.emailVerifications)
        .where(deadLinksBefore(tables.emailVerifications, before))
        .returning({ id: tables.emailVerifications.id })
    ).length,
  routes: signupRoutes,
};
