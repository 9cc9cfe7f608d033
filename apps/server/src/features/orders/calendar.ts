import { orderCalendarQuerySchema, orderCalendarResponseSchema } from '@tentpole/domain';
import { readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { calendarOrders } from './queries.js';

export function calendarRoutes({ db }: FeatureContext): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/orders/calendar',
      // spec §2: the Calendar needs no permission to read.
      access: { signedIn: true },
      summary: 'The orders whose event overlaps a range of at most 62 days, for the calendar.',
      tag: 'Orders',
      query: orderCalendarQuerySchema,
      response: orderCalendarResponseSchema,
      async handler(c) {
        const query = readQuery(c, orderCalendarQuerySchema);
        return c.json(await calendarOrders(db, c.get('user').accountId, query));
      },
    },
  ];
}
