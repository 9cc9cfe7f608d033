import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §4: one order (reading it needs no permission, spec §2). */
export const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId',
  staticData: { title: 'Order' },
  component: lazyRouteComponent(() => import('./order-detail-page'), 'OrderDetailPage'),
});
