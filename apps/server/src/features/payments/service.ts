import {
  formatMoney,
  type PaymentMethod,
  type paymentInputSchema,
  type refundInputSchema,
} from '@tentpole/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { accountCurrency } from '../accounts/queries.js';
import { lockOrder, orderPaidTotals, settleOrders } from '../orders/queries.js';
import { customerCredits, payments } from './tables.js';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

/** The customer's store credit left. */
export async function storeCredit(db: Db, accountId: string, customerId: string) {
  const [row] = await queryRows<{ balance: string | number | null }>(
    db,
    sql`select coalesce(sum(amount_cents), 0) as balance from ${customerCredits}
      where account_id = ${accountId} and customer_id = ${customerId}`,
  );
  return Number(row?.balance ?? 0);
}

/** Spending or granting store credit waits for any other change to the same customer's. */
async function lockCredit(tx: Db, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${customerId}`}))`);
}

type Money = { amount: number; of: 'rental' | 'deposit'; method: PaymentMethod };

export async function insertMovement(
  tx: Db,
  accountId: string,
  order: { id: string; customerId: string },
  move: Money & {
    kind: 'payment' | 'refund';
    note: string | null;
    userId: string | null;
    now: Date;
  },
) {
  if (move.method === 'store_credit') {
    await lockCredit(tx, order.customerId);
    if (move.kind === 'payment') {
      const left = await storeCredit(tx, accountId, order.customerId);
      if (move.amount > left) {
        const currency = await accountCurrency(tx, accountId);
        throw invalid({
          amount: [
            left > 0
              ? `Only ${formatMoney(left, currency)} of store credit is left`
              : 'This customer has no store credit',
          ],
        });
      }
    }
    await tx.insert(customerCredits).values({
      accountId,
      customerId: order.customerId,
      orderId: order.id,
      amountCents: move.kind === 'payment' ? -move.amount : move.amount,
      reason: move.kind === 'payment' ? 'Spent on an order' : (move.note ?? 'Refund'),
    });
  }
  await tx.insert(payments).values({
    accountId,
    orderId: order.id,
    customerId: order.customerId,
    amountCents: move.kind === 'payment' ? move.amount : -move.amount,
    method: move.method,
    kind: move.kind,
    of: move.of,
    note: move.note,
    recordedBy: move.userId,
    paidAt: move.now,
  });
}

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
    })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.paidAt));
  return rows;
}
