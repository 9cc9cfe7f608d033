import type { Feature } from '../feature.js';
import { accountRoutes } from './routes.js';
import { seedAccounts } from './seed.js';
import * as tables from './tables.js';

/** Accounts (teams), their plan, settings and logo; the demo sign-ins. */
export const accountsFeature: Feature = {
  name: 'accounts',
  tables,
  routes: accountRoutes,
  seed: seedAccounts,
};
