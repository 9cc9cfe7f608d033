import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from './tables.js';

/**
 * The write path's read for money: locks the order (payments and refunds on one order queue
 * behind each other) and says whose it is; null when it is not the account's.
 */
export async function lockOrder(tx: Db, accountId: string, orderId: string) {
  const [row] = await tx
    .select({ id: orders.id, customerId: orders.customerId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .for('update');
  return row ?? null;
}
