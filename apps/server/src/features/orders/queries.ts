import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../payments/tables.js';
import { documents, orderLines, orders } from './tables.js';

export async function customerOrders(db: Db, accountId: string, customerId: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      eventDate: orders.eventDate,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paidCents:
        sql<number>`coalesce((select sum(p.amount_cents) from ${payments} p where p.account_id = "orders"."account_id" and p.order_id = "orders"."id"), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.eventDate), desc(orders.number));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.accountId, accountId), eq(orders.customerId, customerId)))
    .orderBy(asc(orderLines.id));
  return rows.map((order) => ({
    ...order,
    lines: lines.filter((l) => l.orderId === order.id).map(({ orderId: _, ...line }) => line),
  }));
}

export async function customerDocuments(db: Db, accountId: string, customerId: string) {
  return db
    .select({
      id: documents.id,
      kind: documents.kind,
      title: documents.title,
      status: documents.status,
      orderId: documents.orderId,
      orderNumber: orders.number,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .leftJoin(orders, and(eq(orders.id, documents.orderId), eq(orders.accountId, accountId)))
    .where(and(eq(documents.accountId, accountId), eq(documents.customerId, customerId)))
    .orderBy(desc(documents.createdAt));
}

/** The account's orders in the order they were placed (later seeders pay and cart them). */
export function ordersOfAccount(db: Db, accountId: string) {
  return db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      status: orders.status,
      totalCents: orders.totalCents,
      eventDate: orders.eventDate,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(asc(orders.number));
}
