import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../root';

// Anything malformed in the url is dropped rather than failing the page.
const loginSearchSchema = z.object({
  callbackUrl: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  validateSearch: loginSearchSchema,
  staticData: { public: true, ownLayout: true, title: 'Sign in' },
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});
