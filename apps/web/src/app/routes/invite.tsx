import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * back-office spec §12: an invitation's link. Open to signed-out visitors (the invitee sets
 * their name and password here) and to signed-in ones (who may join with their sign-in).
 */
export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  staticData: { public: true, ownLayout: true, title: 'Join a team' },
  component: lazyRouteComponent(() => import('./invite-page'), 'InvitePage'),
});
