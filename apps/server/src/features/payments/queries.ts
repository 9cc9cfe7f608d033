import { type CancelMoneyChoice, cancellationRefunds, type NetPaid } from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertMovement } from './ledger.js';

/**
 * §6 for other features (the online store): a Checkout Session for an order's deposit or
 * balance, and the recording of a session the customer came back from.
 */
export { createPayLink, settleCheckoutSession } from './card-payments.js';

import { payments } from './tables.js';

/** The refunds' note: also how a settled cancellation is recognised. */
export const CANCELLATION_NOTE = 'Order cancelled';

/**
 * §4 "cancelled": moves the money per the cancellation's choice, inside the caller's
 * transaction, which holds the order's lock. Once settled it never moves money again.
 */
export async function settleCancellation(
  tx: Db,
  accountId: string,
  order: { id: string; customerId: string },
  choice: CancelMoneyChoice,
  depositDue: number,
  userId: string | null,
  now: Date,
) {
  const [settled] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.orderId, order.id),
        eq(payments.note, CANCELLATION_NOTE),
      ),
    )
    .limit(1);
  if (settled) return [];
  const paid: NetPaid[] = (
    await tx
      .select({
        method: payments.method,
        of: payments.of,
        net: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
        first: sql<string>`min(${payments.paidAt})`,
      })
      .from(payments)
      .where(and(eq(payments.accountId, accountId), eq(payments.orderId, order.id)))
      .groupBy(payments.method, payments.of)
      .orderBy(sql`min(${payments.paidAt})`)
  ).map(({ method, of, net }) => ({ method, of, net }));
  const refunds = cancellationRefunds(paid, choice, depositDue);
  for (const refund of refunds)
    await insertMovement(tx, accountId, order, {
      ...refund,
      kind: 'refund',
      note: CANCELLATION_NOTE,
      userId,
      now,
    });
  return refunds;
}
