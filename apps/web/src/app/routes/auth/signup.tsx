import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** Issue 23 item 5: a new business creates its account, from the sign-in page's link. */
export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signup',
  staticData: { public: true, ownLayout: true, title: 'Create an account' },
  component: lazyRouteComponent(() => import('./signup-page'), 'SignUpPage'),
});
