import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** back-office spec §7.4: the driver's day on a phone; another day in the URL if asked. */
export const driverDayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/driver/today',
  validateSearch: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
  }),
  staticData: { title: 'Today’s route', permission: 'delivery.driver' },
  component: lazyRouteComponent(() => import('./driver-day-page'), 'DriverDayPage'),
});
