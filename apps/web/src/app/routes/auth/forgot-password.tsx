import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** "Forgot password?" from the sign-in page: a reset link by e-mail (decision 0065). */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/forgot-password',
  staticData: { public: true, ownLayout: true, title: 'Reset your password' },
  component: lazyRouteComponent(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
});
