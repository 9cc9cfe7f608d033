import {
  BOUNCE_KINGDOM,
  expandLine,
  findShortages,
  HOLDING_ORDER_STATUSES,
  type Holding,
  type OrderStatus,
  type ProductPricing,
  type RequestLine,
  reservedRange,
  type StockFacts,
  SUNSHINE,
  tracksStock,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { DAY_MS, insertInBatches, isoDate } from '../../db/seeding.js';
import { accountIdByName, accountTimezone } from '../accounts/queries.js';
import { customersByJoinDate } from '../customers/queries.js';
import type { SeedContext, SeedRandom } from '../feature.js';
import { activeProductNames, loadCatalog, stockFacts } from '../inventory/queries.js';
import { CATALOGUE, type CatalogueItem, DELIVERY_FEE_CENTS, PARTY_PLACES } from './seed-data.js';
import { documents, orderLines, orders } from './tables.js';

const PLANS = [
  { account: BOUNCE_KINGDOM, ordersPerCustomer: [0, 4] as const, numberStart: 1001 },
  { account: SUNSHINE, ordersPerCustomer: [1, 2] as const, numberStart: 101 },
];
/** Party rentals peak in summer: how likely an event is in each month. */
const SEASON = [0.25, 0.3, 0.45, 0.6, 0.85, 1, 1, 1, 0.85, 0.6, 0.4, 0.45];

type LineRow = typeof orderLines.$inferInsert;

/**
 * The demo orders: each customer's bookings, placed after they joined and 3 to 90 days before
 * the event (more of them in summer); past events completed (a few cancelled), future ones
 * confirmed or still a quote; each with its lines, its quote and, once booked, its contract and
 * invoice. Lines rent the account's products (seeded before), and a booking never holds more
 * of a product than the business owns (see `demoStock`).
 */
export async function seedOrders({ db, now, random }: SeedContext): Promise<void> {
  for (const plan of PLANS) {
    const accountId = await accountIdByName(db, plan.account);
    const rnd = random(`orders:${plan.account}`);
    // A stream of its own, so the orders themselves are the same with or without it.
    const places = random(`order-places:${plan.account}`);
    const orderRows: (typeof orders.$inferInsert & { id: string })[] = [];
    const lineRows: LineRow[] = [];
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
    const stock = await demoStock(db, accountId, now, planned);
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
      const picked: { item: CatalogueItem; quantity: number }[] = [];
      for (const index of items) {
        const item = CATALOGUE[index];
        if (!item) continue;
        const quantity = rnd.pick(item.quantities);
        total += quantity * item.unitPriceCents;
        picked.push({ item, quantity });
      }
      const eventDate = isoDate(new Date(event));
      lineRows.push(...stock.book({ orderId: id, number, status, eventDate }, picked), {
        accountId,
        orderId: id,
        kind: 'fee',
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
        eventDate,
        ...stock.times(eventDate),
        ...(plan.account === BOUNCE_KINGDOM && status === 'completed' && recent(event, now)
          ? deliveredTo(places, stock.times(eventDate).eventStart)
          : {}),
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

/** The last four weeks before yesterday: the demo's delivery history (routes, what crews did). */
const recent = (event: number, now: Date) =>
  event < now.getTime() - DAY_MS && event > now.getTime() - 29 * DAY_MS;

/**
 * Where a recent past party was and when the truck was due: Austin's parks and recreation
 * centres (their public addresses, pinned), a two-hour window ending an hour before the party.
 */
function deliveredTo(places: SeedRandom, eventStart: Date) {
  const place = places.pick(PARTY_PLACES);
  return {
    address: { ...place, city: 'Austin', region: 'TX' },
    deliveryWindow: {
      start: new Date(eventStart.getTime() - 3 * 3_600_000).toISOString(),
      end: new Date(eventStart.getTime() - 3_600_000).toISOString(),
    },
  };
}

/** The demo's events run 10:00 to 18:00 on their day, in the account's time zone. */
const EVENT_HOURS = { start: 10, end: 18 };

/** A catalogue item's one-day price as its product prices it (tier, flat or minimum hours). */
const oneDayPrice = (pricing: ProductPricing) =>
  pricing.mode === 'daily'
    ? pricing.tiers[0]?.amount
    : pricing.mode === 'flat'
      ? pricing.amount
      : pricing.minimumAmount;

/**
 * The account's products as the demo orders book them: each catalogue item's product, the
 * line's reserved range (§3: the event widened by the product's buffers) and the component
 * lines its required accessories bring. Holding orders are checked as the write path checks
 * them (`findShortages` against what earlier bookings hold and hard downtimes), in the order
 * they were placed; a line that would not fit keeps no product, so the demo never double
 * books. The seed data owns enough that none falls back to that on the 24 seed days tried
 * (two a month through 2026 and 2027).
 */
async function demoStock(
  db: Db,
  accountId: string,
  now: Date,
  planned: readonly { event: number }[],
) {
  const timezone = await accountTimezone(db, accountId);
  const named = await activeProductNames(db, accountId);
  const byName = new Map(named.map((p) => [p.name, p]));
  const nameOf = new Map(named.map((p) => [p.id, p.name]));
  // The orders' totals are the catalogue's prices: the inventory must rent every item at them.
  for (const item of CATALOGUE) {
    const product = byName.get(item.description);
    if (!product) throw new Error(`seed: the inventory has no ${item.description}`);
    if (oneDayPrice(product.pricing) !== item.unitPriceCents)
      throw new Error(`seed: ${item.description} costs ${item.unitPriceCents} in the orders`);
  }
  const catalog = await loadCatalog(
    db,
    accountId,
    CATALOGUE.flatMap((item) => byName.get(item.description)?.id ?? []),
  );
  const events = planned.map((p) => p.event);
  const read = await stockFacts(
    db,
    accountId,
    catalog,
    {
      from: Math.min(now.getTime(), ...events) - 2 * DAY_MS,
      until: Math.max(...events, 0) + 2 * DAY_MS,
    },
    { now },
  );
  const facts = new Map<string, StockFacts & { holdings: Holding[] }>(
    [...read].map(([id, f]) => [id, { ...f, holdings: [...f.holdings] }]),
  );
  const holding: readonly string[] = HOLDING_ORDER_STATUSES;

  return {
    /** When an event on that day runs (10:00 to 18:00 in the account's time zone). */
    times(eventDate: string) {
      return {
        eventStart: new Date(zonedInstant(eventDate, EVENT_HOURS.start, timezone)),
        eventEnd: new Date(zonedInstant(eventDate, EVENT_HOURS.end, timezone)),
      };
    },
    book(
      order: { orderId: string; number: number; status: OrderStatus; eventDate: string },
      picked: readonly { item: CatalogueItem; quantity: number }[],
    ): LineRow[] {
      const times = {
        eventStart: zonedInstant(order.eventDate, EVENT_HOURS.start, timezone),
        eventEnd: zonedInstant(order.eventDate, EVENT_HOURS.end, timezone),
      };
      const holds = holding.includes(order.status);
      const booked: RequestLine[] = [];
      const rows: LineRow[] = [];
      for (const { item, quantity } of picked) {
        const row = {
          id: crypto.randomUUID(),
          accountId,
          orderId: order.orderId,
          kind: 'product' as const,
          description: item.description,
          quantity,
          unitPriceCents: item.unitPriceCents,
        };
        const productId = byName.get(item.description)?.id ?? '';
        const product = catalog.get(productId);
        const line = product && { productId, quantity, range: reservedRange(times, product) };
        const fits = line && !(holds && findShortages([...booked, line], catalog, facts).length);
        if (!product || !line || !fits) {
          // The last resort (on none of the days tried): a line that does not fit holds nothing.
          rows.push(row);
          continue;
        }
        booked.push(line);
        const reserved = {
          reservedFrom: new Date(line.range.from),
          reservedUntil: new Date(line.range.until),
        };
        rows.push({ ...row, productId, ...reserved });
        const brings = expandLine(line, catalog);
        if (tracksStock(product)) brings.delete(productId);
        for (const [componentId, componentQuantity] of brings)
          rows.push({
            accountId,
            orderId: order.orderId,
            kind: 'component',
            parentLineId: row.id,
            productId: componentId,
            description: nameOf.get(componentId) ?? 'Component',
            quantity: componentQuantity,
            unitPriceCents: 0,
            ...reserved,
          });
      }
      if (holds)
        for (const line of booked)
          for (const [productId, quantity] of expandLine(line, catalog))
            facts.get(productId)?.holdings.push({
              ...line.range,
              quantity,
              orderId: order.orderId,
              number: order.number,
            });
      return rows;
    },
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The instant a wall-clock hour of a date is in a time zone (2026-07-04 10:00 in Chicago: 15:00Z). */
function zonedInstant(date: string, hour: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const zone = format;
  const offset = (at: number) => {
    const parts = zone.formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return wall - at;
  };
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Twice: the offset at the first guess may differ from the offset at the answer (DST).
  return wall - offset(wall - offset(wall));
}
