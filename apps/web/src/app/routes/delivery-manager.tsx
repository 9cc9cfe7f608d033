import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** back-office spec §7.2, §7.3: the Delivery Manager; the day it shows is in the URL. */
export const deliveryManagerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/driver/calendar',
  validateSearch: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
  }),
  staticData: { title: 'Delivery Manager', permission: 'delivery.read' },
  component: lazyRouteComponent(() => import('./delivery-manager-page'), 'DeliveryManagerPage'),
});
