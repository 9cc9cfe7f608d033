import { BOUNCE_KINGDOM } from '@tentpole/domain';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { coupons } from './tables.js';

/**
 * Demo coupons for Bounce Kingdom: one of each kind, one limited to new customers, and an
 * expired one (the list shows both states). The demo orders use none, so their totals stay
 * what the other demo data and reports expect.
 */
export async function seedCoupons({ db, now }: SeedContext): Promise<void> {
  const accountId = await accountIdByName(db, BOUNCE_KINGDOM);
  const year = now.getUTCFullYear();
  await db.insert(coupons).values([
    {
      accountId,
      code: 'SUMMER10',
      description: 'Summer parties: 10% off the rental',
      kind: 'percent',
      percentBps: 1000,
      validFrom: `${year}-05-01`,
      validUntil: `${year + 1}-09-30`,
    },
    {
      accountId,
      code: 'WELCOME25',
      description: '$25 off a first booking of $200 or more',
      kind: 'amount',
      amountCents: 2500,
      minimumSubtotalCents: 20000,
      newCustomersOnly: true,
      maxUsesPerCustomer: 1,
    },
    {
      accountId,
      code: 'FREEDELIVERY',
      description: 'Free delivery, booked online',
      kind: 'free_delivery',
      channel: 'store',
    },
    {
      accountId,
      code: 'SPRING15',
      description: 'Spring sale (ended)',
      kind: 'percent',
      percentBps: 1500,
      validFrom: `${year - 1}-03-01`,
      validUntil: `${year - 1}-05-31`,
      maxUses: 50,
      active: false,
    },
  ]);
}
