import {
  type OrderCalendarQuery,
  orderCalendarQuerySchema,
  orderCalendarResponseSchema,
} from '@tentpole/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { customers } from '../customers/tables.js';
import type { FeatureContext } from '../feature.js';
import { payments } from '../payments/tables.js';
import { documents, orderLines, orders } from './tables.js';

/**
 * §4 Calendar: the orders whose event overlaps [from, to) (cancelled ones left out), with what
 * the calendar colours, moves and prints. Two queries: the orders (by the account's event index)
 * and their product lines.
 */
export async function calendarOrders(db: Db, accountId: string, query: OrderCalendarQuery) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      eventStart: orders.eventStart,
      eventEnd: orders.eventEnd,
      fulfilment: orders.fulfilment,
      deliveryWindow: orders.deliveryWindow,
      pickupWindow: orders.pickupWindow,
      address: orders.address,
      surfaceId: orders.surfaceId,
      damageWaiver: orders.damageWaiver,
      taxExempt: orders.taxExempt,
      total: orders.totalCents,
      paid: sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p where p.order_id = ${orders.id} and p.of = 'rental'), 0)`.mapWith(
        Number,
      ),
      signed: sql<boolean>`exists (select 1 from ${documents} d where d.order_id = ${orders.id}
        and d.kind = 'contract' and d.status = 'signed')`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.accountId, accountId),
        ne(orders.status, 'cancelled'),
        // Starts before the range ends, within the longest event we show (a week) before it.
        sql`${orders.eventStart} < ${new Date(query.to)}`,
        sql`${orders.eventStart} >= ${new Date(Date.parse(query.from) - 7 * 86_400_000)}`,
        sql`${orders.eventEnd} > ${new Date(query.from)}`,
      ),
    )
    .orderBy(asc(orders.eventStart), asc(orders.number))
    .limit(2_000);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          productId: orderLines.productId,
          name: orderLines.description,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .where(
          and(
            eq(orderLines.accountId, accountId),
            inArray(orderLines.orderId, ids),
            eq(orderLines.kind, 'product'),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  return {
    orders: rows.map(({ paid, address, eventStart, eventEnd, ...r }) => ({
      ...r,
      eventStart: (eventStart ?? new Date(0)).toISOString(),
      eventEnd: (eventEnd ?? new Date(0)).toISOString(),
      place: address ? `${address.line1}, ${address.city}` : null,
      balance: r.total - paid,
      lines: lines
        .filter((l) => l.orderId === r.id && l.productId)
        .map((l) => ({ productId: l.productId as string, name: l.name, quantity: l.quantity })),
    })),
  };
}

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
