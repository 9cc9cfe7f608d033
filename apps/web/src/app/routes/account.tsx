import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

const accountSearchSchema = z.object({
  tab: z.enum(['website', 'billing', 'voice']).optional().catch(undefined),
  // §13: where Checkout sends the owner back (the session to confirm).
  checkout: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{10,200}$/)
    .optional()
    .catch(undefined),
});

export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  validateSearch: accountSearchSchema,
  staticData: { title: 'Account', permission: 'account.read' },
  component: lazyRouteComponent(() => import('./account-page'), 'AccountPage'),
});
