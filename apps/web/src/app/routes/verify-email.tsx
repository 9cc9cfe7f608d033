import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * Issue 23 item 5: the link in the verification e-mail. Open signed out too (the e-mail may be
 * read on another device); the token in the path is the credential.
 */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email/$token',
  staticData: { public: true, ownLayout: true, title: 'Confirm your e-mail' },
  component: lazyRouteComponent(() => import('./verify-email-page'), 'VerifyEmailPage'),
});
