import { BOUNCE_KINGDOM, SUNSHINE } from '@tentpole/domain';
import { DAY_MS, insertInBatches } from '../../db/seeding.js';
import { accountIdByName } from '../accounts/queries.js';
import { customersByJoinDate } from '../customers/queries.js';
import type { SeedContext } from '../feature.js';
import { ordersOfAccount } from '../orders/queries.js';
import { cartSessions, storeSettings } from './tables.js';

const PLANS = [
  { account: BOUNCE_KINGDOM, cartSessions: 700, slug: 'bounce-kingdom', colour: '#7c3aed' },
  { account: SUNSHINE, cartSessions: 12, slug: 'sunshine', colour: '#c2410c' },
];

/**
 * The demo store's carts over the last 18 months, a little more traffic every month: a fifth
 * became an order, some were started by a known customer (after they joined), the rest
 * anonymously.
 */
export async function seedStore({ db, now, random }: SeedContext): Promise<void> {
  for (const plan of PLANS) {
    const accountId = await accountIdByName(db, plan.account);
    await db
      .insert(storeSettings)
      .values({ accountId, slug: plan.slug, colour: plan.colour, holdMinutes: 30 });
    const rnd = random(`store:${plan.account}`);
    const [customers, orders] = await Promise.all([
      customersByJoinDate(db, accountId),
      ordersOfAccount(db, accountId),
    ]);
    const rows: (typeof cartSessions.$inferInsert)[] = [];
    for (let i = 0; i < plan.cartSessions; i++) {
      const order = orders.length && rnd.chance(0.2) ? rnd.pick(orders) : null;
      const customer = !order && customers.length && rnd.chance(0.4) ? rnd.pick(customers) : null;
      // A cart that became an order was started an hour to three days before it; a known
      // customer's cart after they joined; an anonymous one any time, more of them lately.
      const startedAt = order
        ? order.createdAt.getTime() - rnd.int(1, 72) * 3_600_000
        : customer
          ? customer.createdAt.getTime() +
            rnd.next() * (now.getTime() - customer.createdAt.getTime())
          : now.getTime() - Math.floor((1 - Math.sqrt(rnd.next())) * 548 * DAY_MS);
      const seenFor = rnd.int(1, 40) * 60_000;
      rows.push({
        accountId,
        customerId: order?.customerId ?? customer?.id ?? null,
        startedAt: new Date(startedAt),
        lastSeenAt: new Date(startedAt + seenFor),
        // A cart that did not become an order was left: its hold ran out 30 minutes on.
        abandonedAt: order ? null : new Date(startedAt + seenFor + 30 * 60_000),
        itemCount: rnd.int(1, 6),
        valueCents: rnd.int(5, 120) * 500,
        convertedOrderId: order?.id ?? null,
      });
    }
    await insertInBatches(db, cartSessions, rows);
  }
}
