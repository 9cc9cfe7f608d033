import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §12: business hours, service hours, booking rules and blackout dates. */
export const scheduleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/schedule',
  staticData: { title: 'Schedule', permission: 'account.read' },
  component: lazyRouteComponent(() => import('./schedule-page'), 'SchedulePage'),
});
