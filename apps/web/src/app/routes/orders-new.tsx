import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** back-office spec §4: a new order; `customerId` prefills the customer (from a caller). */
export const newOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/new',
  validateSearch: z.object({ customerId: z.string().uuid().optional().catch(undefined) }),
  staticData: { title: 'New order', permission: 'order.write' },
  component: lazyRouteComponent(() => import('./order-editor-page'), 'NewOrderPage'),
});
