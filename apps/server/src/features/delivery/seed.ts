import { randomUUID } from 'node:crypto';
import {
  BOUNCE_KINGDOM,
  DEFAULT_DELIVERY_SETTINGS,
  drivingMilesEstimate,
  type LatLng,
  localDate,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { insertInBatches } from '../../db/seeding.js';
import { accountIdByName, accountTimezone } from '../accounts/queries.js';
import type { SeedContext, SeedRandom } from '../feature.js';
import { pastDeliveries } from '../orders/queries.js';
import {
  deliveryDays,
  deliveryRoutes,
  deliverySettings,
  depots,
  routeStops,
  stopEvents,
  vehicles,
} from './tables.js';

/**
 * Bounce Kingdom delivers around Austin, TX, where its demo orders are (78701, 78702…), from a
 * warehouse in the south-east industrial park: $40 up to 10 miles, $60 up to 20, $2.50 a mile
 * beyond, nothing past 40 miles; downtown has a flat fee for parking and loading, Spicewood
 * across the lake is not served, and a window under two hours costs $25 more.
 */
export async function seedDelivery({ db, now, random }: SeedContext): Promise<void> {
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
  const trucks = await db
    .insert(vehicles)
    .values([
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
    ])
    .returning({ id: vehicles.id });
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
  await seedDeliveryHistory(db, accountId, random('delivery-history'), {
    depot: { lat: 30.2079, lng: -97.7142 },
    trucks: trucks.map((t) => t.id),
  });
}

/** A truck takes at most this many parties a day in the demo; the rest go on the next truck. */
const STOPS_PER_TRUCK = 6;

/**
 * The last four weeks as crews lived them (the orders seed placed those parties and gave them
 * delivery windows): each day's saved routes with their planned miles, the crew starting out,
 * each party delivered (seven in eight inside the window, now and then after a problem) and
 * picked up in the evening. The deliveries report and a past day's board read these.
 */
async function seedDeliveryHistory(
  db: Db,
  accountId: string,
  rnd: SeedRandom,
  fleet: { depot: LatLng; trucks: string[] },
) {
  const timeZone = await accountTimezone(db, accountId);
  const past = await pastDeliveries(db, accountId);
  const byDay = new Map<string, typeof past>();
  for (const order of past) {
    const window = order.deliveryWindow;
    if (!window || order.address?.lat == null || order.address.lng == null) continue;
    const day = localDate(new Date(window.start), timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), order]);
  }
  const routes: (typeof deliveryRoutes.$inferInsert)[] = [];
  const stops: (typeof routeStops.$inferInsert)[] = [];
  const events: (typeof stopEvents.$inferInsert)[] = [];
  let delivered = 0;
  const minutes = (at: string | Date, plus: number) =>
    new Date(new Date(at).getTime() + plus * 60_000);
  for (const [day, parties] of byDay) {
    for (let t = 0; t * STOPS_PER_TRUCK < parties.length; t++) {
      const vehicleId = fleet.trucks[t % fleet.trucks.length] as string;
      const load = parties.slice(t * STOPS_PER_TRUCK, (t + 1) * STOPS_PER_TRUCK);
      // Out in the morning in order of the windows, back in the evening the same way round.
      const points = load.map((o) => ({ lat: o.address?.lat ?? 0, lng: o.address?.lng ?? 0 }));
      const path = [fleet.depot, ...points, ...points, fleet.depot];
      let miles = 0;
      for (let i = 1; i < path.length; i++)
        miles += drivingMilesEstimate(path[i - 1] as LatLng, path[i] as LatLng);
      const routeId = randomUUID();
      routes.push({
        id: routeId,
        accountId,
        day,
        vehicleId,
        plannedMiles: Math.round(miles * 10) / 10,
      });
      const first = load[0]?.deliveryWindow?.start as string;
      events.push({
        accountId,
        id: randomUUID(),
        day,
        vehicleId,
        action: 'start_route',
        occurredAt: minutes(first, -35),
      });
      load.forEach((order, i) => {
        const window = order.deliveryWindow as { start: string; end: string };
        stops.push(
          { accountId, routeId, orderId: order.id, kind: 'delivery', position: i },
          { accountId, routeId, orderId: order.id, kind: 'pickup', position: load.length + i },
        );
        const stop = { accountId, day, vehicleId, orderId: order.id };
        if (rnd.chance(0.05))
          events.push({
            ...stop,
            id: randomUUID(),
            stopKind: 'delivery',
            action: 'problem',
            detail: { reason: 'customer_absent' },
            occurredAt: minutes(window.end, -40),
          });
        events.push({
          ...stop,
          id: randomUUID(),
          stopKind: 'delivery',
          action: 'delivered',
          // One in eight a little late, the rest inside the window.
          occurredAt:
            ++delivered % 8 === 0
              ? minutes(window.end, rnd.int(8, 45))
              : minutes(window.end, -rnd.int(10, 100)),
        });
        events.push({
          ...stop,
          id: randomUUID(),
          stopKind: 'pickup',
          action: 'picked_up',
          occurredAt: minutes(order.eventEnd ?? window.end, rnd.int(20, 90)),
        });
      });
    }
  }
  if (byDay.size === 0) return;
  await db
    .insert(deliveryDays)
    .values([...byDay.keys()].map((day) => ({ accountId, day })))
    .onConflictDoNothing();
  await insertInBatches(db, deliveryRoutes, routes);
  await insertInBatches(db, routeStops, stops);
  await insertInBatches(db, stopEvents, events);
}
