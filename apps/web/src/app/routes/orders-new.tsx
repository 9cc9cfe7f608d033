import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { REACH_ORIGINS } from '@tentpole/domain';
import { z } from 'zod';
import { rootRoute } from './root';

/**
 * back-office spec §4: a new order; `customerId` prefills the customer (from a caller), and
 * `from` (call or text) the referral source of an order started in Reach (issue 24 item 8).
 */
export const newOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/new',
  validateSearch: z.object({
    customerId: z.string().uuid().optional().catch(undefined),
    from: z.enum(REACH_ORIGINS).optional().catch(undefined),
  }),
  staticData: { title: 'New order', permission: 'order.write' },
  component: lazyRouteComponent(() => import('./order-editor-page'), 'NewOrderPage'),
});
