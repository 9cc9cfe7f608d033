import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §9: coupons, their rules and their report. */
export const couponsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/coupons',
  staticData: { title: 'Coupons', permission: 'coupons.read' },
  component: lazyRouteComponent(() => import('./coupons-page'), 'CouponsPage'),
});
