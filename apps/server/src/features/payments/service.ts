import { randomUUID } from 'node:crypto';
import { formatMoney, type paymentInputSchema, type refundInputSchema } from '@tentpole/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { accountCurrency } from '../accounts/queries.js';
import { lockOrder, orderPaidTotals, settleOrders } from '../orders/queries.js';
import { refundToCard } from './card-payments.js';
import { insertMovement, invalid, storeCredit } from './ledger.js';
import { payments } from './tables.js';

export { storeCredit };

/** §4: a manual payment, rental money or security deposit, in one locked transaction. */
export async function recordPayment(
  db: Db,
  accountId: string,
  orderId: string,
  input: z.output<typeof paymentInputSchema>,
  userId: string,
  now: Date,
) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const order = await lockOrder(tx, accountId, orderId);
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled')
      throw new AppError('conflict', 'A cancelled order takes no payments.');
    await insertMovement(tx, accountId, order, { ...input, kind: 'payment', userId, now });
  });
  await publish(db, accountId, { type: 'order.updated', orderId });
  // Signed with the deposit now paid, or returned and now settled: it moves at once (§4).
  await settleOrders(db, now, orderId);
}

/**
 * §4: a refund with `payment.refund`, never more than was kept of that kind (rental or
 * deposit); checked under the order's lock, so two refunds at once cannot both take the last of
 * it. To store credit, it becomes credit on the customer.
 */
export async function recordRefund(
  db: Db,
  accountId: string,
  orderId: string,
  input: z.output<typeof refundInputSchema>,
  userId: string,
  now: Date,
  stripe?: Stripe,
) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const order = await lockOrder(tx, accountId, orderId);
    if (!order) throw notFound('Order');
    const paid = await orderPaidTotals(tx, accountId, orderId);
    const kept =
      input.of === 'rental' ? paid.paid - paid.refunded : paid.depositPaid - paid.depositRefunded;
    if (input.amount > kept) {
      const currency = await accountCurrency(tx, accountId);
      throw invalid({
        amount: [
          kept > 0
            ? `At most ${formatMoney(kept, currency)} of the ${input.of === 'rental' ? 'rental money' : 'security deposit'} can be refunded`
            : `No ${input.of === 'rental' ? 'rental money' : 'security deposit'} has been paid on this order`,
        ],
      });
    }
    if (input.method === 'card_online') {
      if (!stripe)
        throw invalid({ method: ['Card payments are not set up, so nothing goes back to a card'] });
      await refundToCard(tx, stripe, {
        accountId,
        order,
        amount: input.amount,
        of: input.of,
        note: input.reason,
        userId,
        now,
        refundKey: randomUUID(),
      });
      return;
    }
    await insertMovement(tx, accountId, order, {
      amount: input.amount,
      of: input.of,
      method: input.method,
      kind: 'refund',
      note: input.reason,
      userId,
      now,
    });
  });
  await publish(db, accountId, { type: 'order.updated', orderId });
  // Signed with the deposit now paid, or returned and now settled: it moves at once (§4).
  await settleOrders(db, now, orderId);
}

export async function orderPayments(db: Db, accountId: string, orderId: string) {
  const rows = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      of: payments.of,
      amount: payments.amountCents,
      method: payments.method,
      note: payments.note,
      paidAt: payments.paidAt,
      customerId: payments.customerId,
      online: sql<boolean>`${payments.providerRef} is not null`,
    })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.paidAt));
  return rows;
}
