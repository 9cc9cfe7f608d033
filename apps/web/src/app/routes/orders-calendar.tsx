import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { CALENDAR_VIEWS } from '@/features/orders/lib/calendar-dates';
import { rootRoute } from './root';

/** back-office spec §4 Calendar: the view and the date it shows are in the URL. */
export const ordersCalendarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/calendar',
  validateSearch: z.object({
    view: z.enum(CALENDAR_VIEWS).optional().catch(undefined),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
  }),
  // spec §2: the Calendar needs no permission to read.
  staticData: { title: 'Calendar' },
  component: lazyRouteComponent(() => import('./orders-calendar-page'), 'OrdersCalendarPage'),
});
