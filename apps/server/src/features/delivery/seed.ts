import { BOUNCE_KINGDOM, DEFAULT_DELIVERY_SETTINGS } from '@tentpole/domain';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { deliverySettings, depots, vehicles } from './tables.js';

/**
 * Bounce Kingdom delivers around Austin, TX, where its demo orders are (78701, 78702…), from a
 * warehouse in the south-east industrial park: $40 up to 10 miles, $60 up to 20, $2.50 a mile
 * beyond, nothing past 40 miles; downtown has a flat fee for parking and loading, Spicewood
 * across the lake is not served, and a window under two hours costs $25 more.
 */
export async function seedDelivery({ db, now }: SeedContext): Promise<void> {
  const accountId = await accountIdByName(db, BOUNCE_KINGDOM);
  const [depot] = await db
    .insert(depots)
    .values({
      accountId,
      name: 'Austin warehouse',
      line1: '4700 Burleson Rd',
      city: 'Austin',
      region: 'TX',
      postalCode: '78744',
      lat: 30.2079,
      lng: -97.7142,
      locatedBy: 'pin',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: depots.id });
  // §7.2: two box trucks out of the warehouse, a bigger one on the long shift.
  await db.insert(vehicles).values([
    {
      accountId,
      name: 'Truck 1',
      depotId: depot?.id ?? null,
      capacityUnits: 12,
      capacityVolume: 1_200,
      shiftStart: '07:00',
      shiftEnd: '21:00',
      createdAt: now,
      updatedAt: now,
    },
    {
      accountId,
      name: 'Truck 2',
      depotId: depot?.id ?? null,
      capacityUnits: 8,
      capacityVolume: 800,
      shiftStart: '08:00',
      shiftEnd: '20:00',
      createdAt: new Date(now.getTime() + 1),
      updatedAt: now,
    },
  ]);
  await db.insert(deliverySettings).values({
    accountId,
    settings: {
      ...DEFAULT_DELIVERY_SETTINGS,
      tiers: [
        { upToMiles: 10, fee: 4_000 },
        { upToMiles: 20, fee: 6_000 },
      ],
      perMileBeyond: 250,
      serviceRadiusMiles: 40,
      zipOverrides: [
        { postalCode: '78701', fee: 5_000 },
        { postalCode: '78669', fee: null },
      ],
      windowSurcharges: [{ kind: 'narrower_than', hours: 2, fee: 2_500 }],
      taxable: true,
    },
    updatedAt: now,
  });
}
