import type { Feature } from '../feature.js';
import { calendarRoutes } from './calendar.js';
import { customerPageRoutes } from './customer-page-routes.js';
import { orderJobs, orderSchedules } from './jobs.js';
import { ordersJourney } from './journey.js';
import { orderRoutes } from './routes.js';
import { seedOrders } from './seed.js';
import * as tables from './tables.js';

/** Orders, their lines and documents (quotes, contracts, invoices). */
export const ordersFeature: Feature = {
  name: 'orders',
  tables,
  // The calendar's static path comes before /api/orders/:id.
  routes: (context) => [
    ...calendarRoutes(context),
    ...orderRoutes(context),
    ...customerPageRoutes(context),
  ],
  jobs: orderJobs,
  schedules: orderSchedules,
  seed: seedOrders,
  journey: ordersJourney,
};
