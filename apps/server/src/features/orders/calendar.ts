import {
  blackoutDaysBetween,
  localDate,
  type OrderCalendarQuery,
  orderCalendarQuerySchema,
  orderCalendarResponseSchema,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { accountTimezone } from '../accounts/queries.js';
import type { FeatureContext } from '../feature.js';
import { listBlackouts } from '../schedule/queries.js';
import { calendarOrders } from './queries.js';

/** §4 "Calendar", §12: the blackouts on the range's local days, for the calendar to mark. */
async function calendarBlackouts(db: Db, accountId: string, query: OrderCalendarQuery) {
  const timeZone = await accountTimezone(db, accountId);
  const fromDay = localDate(new Date(query.from), timeZone);
  const toDay = localDate(new Date(Date.parse(query.to) - 1), timeZone);
  return blackoutDaysBetween(await listBlackouts(db, accountId), fromDay, toDay).map(
    ({ blackout, days }) => ({
      name: blackout.name,
      kind: blackout.kind,
      scope: blackout.scope,
      days,
    }),
  );
}

export function calendarRoutes({ db }: FeatureContext): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/orders/calendar',
      // spec §2: the Calendar needs no permission to read.
      access: { signedIn: true },
      summary:
        'The orders whose event overlaps a range of at most 62 days, and the blackouts on its days, for the calendar.',
      tag: 'Orders',
      query: orderCalendarQuerySchema,
      response: orderCalendarResponseSchema,
      async handler(c) {
        const query = readQuery(c, orderCalendarQuerySchema);
        const accountId = c.get('user').accountId;
        const [orders, blackouts] = await Promise.all([
          calendarOrders(db, accountId, query),
          calendarBlackouts(db, accountId, query),
        ]);
        return c.json({ ...orders, blackouts });
      },
    },
  ];
}
