import { BOUNCE_KINGDOM, SUNSHINE } from '@tentpole/domain';
import { insertInBatches } from '../../db/seeding.js';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { ordersOfAccount } from '../orders/queries.js';
import { payments } from './tables.js';

const METHODS = ['card', 'cash', 'check', 'bank_transfer'] as const;
/** The booking deposit the demo businesses take: 30% of the order. */
const DEPOSIT = 0.3;

/**
 * The demo payments: a card deposit a day or two after each booked order was placed, and the
 * balance on the day of each completed event.
 */
export async function seedPayments({ db, now, random }: SeedContext): Promise<void> {
  for (const account of [BOUNCE_KINGDOM, SUNSHINE]) {
    const accountId = await accountIdByName(db, account);
    const rnd = random(`payments:${account}`);
    const rows: (typeof payments.$inferInsert)[] = [];
    for (const order of await ordersOfAccount(db, accountId)) {
      if (order.status !== 'confirmed' && order.status !== 'completed') continue;
      const deposit = Math.round(order.totalCents * DEPOSIT);
      const depositAt = new Date(order.createdAt.getTime() + rnd.int(1, 48) * 3_600_000);
      if (depositAt.getTime() < now.getTime()) {
        rows.push({
          accountId,
          orderId: order.id,
          customerId: order.customerId,
          amountCents: deposit,
          method: 'card',
          paidAt: depositAt,
        });
      }
      if (order.status === 'completed') {
        rows.push({
          accountId,
          orderId: order.id,
          customerId: order.customerId,
          amountCents: order.totalCents - deposit,
          method: rnd.pick(METHODS),
          paidAt: new Date(
            Math.min(Date.parse(`${order.eventDate}T18:00:00Z`), now.getTime() - 60_000),
          ),
        });
      }
    }
    await insertInBatches(db, payments, rows);
  }
}
