import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** back-office spec §7.4: a truck's load list, or the whole day's; printable. */
export const loadListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/driver/load-list',
  validateSearch: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
    vehicleId: z.string().uuid().optional().catch(undefined),
  }),
  staticData: { title: 'Load list', permission: 'delivery.read' },
  component: lazyRouteComponent(() => import('./load-list-page'), 'LoadListPage'),
});
