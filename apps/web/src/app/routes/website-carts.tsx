import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CART_SESSION_STATES } from '@tentpole/domain';
import { z } from 'zod';
import { rootRoute } from './root';

const day = z.iso.date().optional().catch(undefined);
const cartSessionsSearchSchema = z.object({
  /** The local days the sessions started on; the last seven days when not given. */
  from: day,
  to: day,
  state: z.enum(CART_SESSION_STATES).optional().catch(undefined),
});

/** back-office spec §10: the store's cart sessions, which the dashboard's tile counts. */
export const cartSessionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/website/carts',
  validateSearch: cartSessionsSearchSchema,
  staticData: { title: 'Cart sessions', permission: 'website.read' },
  component: lazyRouteComponent(() => import('./website-carts-page'), 'CartSessionsPage'),
});
