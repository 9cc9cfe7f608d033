import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * back-office spec §12: the team. The page needs staff.others.write, as spec §2's sidebar table
 * says for Team (the spec wins over the back-office design's staff.others.read, which the API's
 * read route uses); decision 0042.
 */
export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  staticData: { title: 'Team', permission: 'staff.others.write' },
  component: lazyRouteComponent(() => import('./staff-page'), 'StaffPage'),
});
