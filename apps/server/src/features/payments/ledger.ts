import { formatMoney, type PaymentMethod } from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { accountCurrency } from '../accounts/queries.js';
import { customerCredits, payments } from './tables.js';

export const invalid = (fields: Record<string, string[]>) =>
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
export async function lockCredit(tx: Db, customerId: string) {
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
    /** The card processor's id of it: recorded once, whoever records it first. */
    providerRef?: string;
    refundOf?: string;
  },
): Promise<boolean> {
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
  const inserted = await tx
    .insert(payments)
    .values({
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
      providerRef: move.providerRef ?? null,
      refundOf: move.refundOf ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return inserted.length > 0;
}
