import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const editOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId/edit',
  staticData: { title: 'Edit order', permission: 'order.write' },
  component: lazyRouteComponent(() => import('./order-editor-page'), 'EditOrderPage'),
});
