import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

const accountSearchSchema = z.object({
  tab: z.enum(['website', 'billing', 'voice']).optional().catch(undefined),
});

export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  validateSearch: accountSearchSchema,
  staticData: { title: 'Account', permission: 'account.read' },
  component: lazyRouteComponent(() => import('./account-page'), 'AccountPage'),
});
