import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/**
 * The link in the password-reset e-mail (decision 0065). Opened signed out, often on another
 * device; the single-use token in the path is the credential.
 */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password/$token',
  staticData: { public: true, ownLayout: true, title: 'Choose a new password' },
  component: lazyRouteComponent(() => import('./reset-password-page'), 'ResetPasswordPage'),
});
