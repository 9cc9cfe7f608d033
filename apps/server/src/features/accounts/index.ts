import type { Feature } from '../feature.js';
import { accountRoutes } from './routes.js';
import { seedAccounts } from './seed.js';

/** Accounts (teams), their plan and settings; the demo sign-ins. */
export const accountsFeature: Feature = {
  name: 'accounts',
  routes: accountRoutes,
  seed: seedAccounts,
};
