import { BOUNCE_KINGDOM, SUNSHINE } from '@tentpole/domain';
import { DAY_MS, insertInBatches, isoDate } from '../../db/seeding.js';
import { accountIdByName } from '../accounts/queries.js';
import { customersByJoinDate } from '../customers/queries.js';
import type { SeedContext } from '../feature.js';
import { CATALOGUE, DELIVERY_FEE_CENTS } from './seed-data.js';
import { documents, orderLines, orders } from './tables.js';

const PLANS = [
  { account: BOUNCE_KINGDOM, ordersPerCustomer: [0, 4] as const, numberStart: 1001 },
  { account: SUNSHINE, ordersPerCustomer: [1, 2] as const, numberStart: 101 },
];
/** Party rentals peak in summer: how likely an event is in each month. */
const SEASON = [0.25, 0.3, 0.45, 0.6, 0.85, 1, 1, 1, 0.85, 0.6, 0.4, 0.45];

/**
 * The demo orders: each customer's bookings, placed after they joined and 3 to 90 days before
 * the event (more of them in summer); past events completed (a few cancelled), future ones
 * confirmed or still a quote; each with its lines, its quote and, once booked, its contract and
 * invoice.
 */
export async function seedOrders({ db, now, random }: SeedContext): Promise<void> {
  for (const plan of PLANS) {
    const accountId = await accountIdByName(db, plan.account);
    const rnd = random(`orders:${plan.account}`);
    const orderRows: (typeof orders.$inferInsert & { id: string })[] = [];
    const lineRows: (typeof orderLines.$inferInsert)[] = [];
    const documentRows: (typeof documents.$inferInsert)[] = [];
    const planned: { customerId: string; placed: number; event: number }[] = [];
    for (const customer of await customersByJoinDate(db, accountId)) {
      const joined = customer.createdAt.getTime();
      const latest = now.getTime() - 60_000;
      if (latest <= joined) continue;
      const count = rnd.int(plan.ordersPerCustomer[0], plan.ordersPerCustomer[1]);
      for (let n = 0; n < count; n++) {
        let placed = joined;
        let event = joined;
        for (let attempt = 0; attempt < 20; attempt++) {
          placed = joined + rnd.next() * (latest - joined);
          event = placed + rnd.int(3, 90) * DAY_MS;
          if (rnd.next() < (SEASON[new Date(event).getUTCMonth()] ?? 1)) break;
        }
        planned.push({ customerId: customer.id, placed, event });
      }
    }
    planned.sort((a, b) => a.placed - b.placed);
    let number = plan.numberStart;
    for (const { customerId, placed, event } of planned) {
      const id = crypto.randomUUID();
      const createdAt = new Date(placed);
      const future = event > now.getTime();
      const status = future
        ? rnd.chance(0.3)
          ? 'quote'
          : 'confirmed'
        : rnd.chance(0.06)
          ? 'cancelled'
          : 'completed';
      let total = DELIVERY_FEE_CENTS;
      const items = new Set<number>();
      const itemCount = rnd.int(1, 4);
      while (items.size < itemCount) items.add(rnd.int(0, CATALOGUE.length - 1));
      for (const index of items) {
        const item = CATALOGUE[index];
        if (!item) continue;
        const quantity = rnd.pick(item.quantities);
        total += quantity * item.unitPriceCents;
        lineRows.push({
          accountId,
          orderId: id,
          description: item.description,
          quantity,
          unitPriceCents: item.unitPriceCents,
        });
      }
      lineRows.push({
        accountId,
        orderId: id,
        description: 'Delivery and setup',
        quantity: 1,
        unitPriceCents: DELIVERY_FEE_CENTS,
      });
      orderRows.push({
        id,
        accountId,
        customerId,
        number,
        status,
        eventDate: isoDate(new Date(event)),
        totalCents: total,
        createdAt,
      });
      documentRows.push({
        accountId,
        customerId,
        orderId: id,
        kind: 'quote',
        title: `Quote #${number}`,
        status: status === 'quote' ? 'sent' : 'viewed',
        createdAt,
      });
      if (status === 'confirmed' || status === 'completed') {
        const signedAt = new Date(Math.min(placed + rnd.int(1, 48) * 3_600_000, now.getTime()));
        documentRows.push(
          {
            accountId,
            customerId,
            orderId: id,
            kind: 'contract',
            title: `Rental agreement #${number}`,
            status: 'signed',
            createdAt: signedAt,
          },
          {
            accountId,
            customerId,
            orderId: id,
            kind: 'invoice',
            title: `Invoice #${number}`,
            status: status === 'completed' ? 'paid' : 'sent',
            createdAt: signedAt,
          },
        );
      }
      number++;
    }
    await insertInBatches(db, orders, orderRows);
    await insertInBatches(db, orderLines, lineRows);
    await insertInBatches(db, documents, documentRows);
  }
}
