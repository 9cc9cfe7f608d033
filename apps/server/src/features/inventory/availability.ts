import {
  type AvailabilityQuery,
  type Conflict,
  expandLine,
  freeDuring,
  itemAvailability,
  reservedRange,
} from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { accountTimezone } from '../accounts/queries.js';
import { holdersOf, loadCatalog, type StockProduct, stockFacts } from './queries.js';

const NO_FACTS = { owned: 0, downtimes: [], holdings: [] };

const conflictBody = (c: Conflict) => ({
  ...c,
  from: new Date(c.from).toISOString(),
  until: new Date(c.until).toISOString(),
});

/**
 * GET /api/availability: for each requested item, how many its reserved range (the window plus
 * its buffers and recovery) can take, and who holds it then. One catalogue read, one read of
 * holdings and one of downtimes, whatever the number of items.
 */
export async function availabilityOf(
  db: Db,
  accountId: string,
  query: AvailabilityQuery,
  now: Date,
) {
  const catalog = await loadCatalog(
    db,
    accountId,
    query.items.map((i) => i.productId),
  );
  const times = { eventStart: Date.parse(query.start), eventEnd: Date.parse(query.end) };
  const ranges = query.items.map((item) => {
    const product = catalog.get(item.productId);
    return product
      ? reservedRange(times, product)
      : { from: times.eventStart, until: times.eventEnd };
  });
  const facts = await stockFacts(
    db,
    accountId,
    catalog,
    {
      from: Math.min(...ranges.map((r) => r.from)),
      until: Math.max(...ranges.map((r) => r.until)),
    },
    { excludeOrderId: query.excludeOrderId, now },
  );
  return {
    items: query.items.map((item, i) => {
      const answer = catalog.has(item.productId)
        ? itemAvailability(
            { ...item, range: ranges[i] as { from: number; until: number } },
            catalog,
            facts,
            query.surfaceId,
          )
        : { productId: item.productId, requested: item.quantity, available: 0, conflicts: [] };
      return { ...answer, conflicts: answer.conflicts.map(conflictBody) };
    }),
  };
}

/**
 * A product's month (its page): per day of the account's calendar, the least free quantity
 * that day, what orders hold and what is down; and who holds it during the month.
 */
export async function productMonth(
  db: Db,
  accountId: string,
  product: Pick<StockProduct, 'id'>,
  month: string,
  now: Date,
) {
  const timezone = await accountTimezone(db, accountId);
  const days = await queryRows<{ date: string; start: Date | string; end: Date | string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, (d at time zone ${timezone}) as start,
        ((d + interval '1 day') at time zone ${timezone}) as "end"
      from generate_series(${`${month}-01`}::timestamp,
        ${`${month}-01`}::timestamp + interval '1 month' - interval '1 day', interval '1 day') d`,
  );
  const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));
  const window = { from: ms(days[0]?.start as Date), until: ms(days.at(-1)?.end as Date) };
  const catalog = await loadCatalog(db, accountId, [product.id]);
  const facts = await stockFacts(db, accountId, catalog, window, { now });
  // A bundle's month is its components': a day is as free as its scarcest component allows.
  const self = facts.get(product.id);
  const perOne = expandLine({ productId: product.id, quantity: 1 }, catalog);
  const freeOn = (range: { from: number; until: number }) => {
    if (self) return freeDuring(self, range);
    let least = Number.POSITIVE_INFINITY;
    for (const [id, need] of perOne)
      least = Math.min(least, Math.floor(freeDuring(facts.get(id) ?? NO_FACTS, range) / need));
    return Number.isFinite(least) ? least : 0;
  };
  const covering = (range: { from: number; until: number }, from: number, until: number | null) =>
    from < range.until && (until ?? Number.POSITIVE_INFINITY) > range.from;
  const result = days.map((day) => {
    const range = { from: ms(day.start), until: ms(day.end) };
    return {
      date: day.date,
      available: freeOn(range),
      held: (self?.holdings ?? [])
        .filter((h) => covering(range, h.from, h.until))
        .reduce((sum, h) => sum + h.quantity, 0),
      down: (self?.downtimes ?? [])
        .filter((d) => d.hard && covering(range, d.from, d.until))
        .reduce((sum, d) => sum + d.quantity, 0),
    };
  });
  const holders = await holdersOf(
    db,
    accountId,
    self ? [product.id] : [...perOne.keys()],
    { from: new Date(window.from), until: new Date(window.until) },
    now,
  );
  return {
    month,
    timezone,
    owned: self
      ? self.owned
      : Math.min(
          ...[...perOne].map(([id, need]) => Math.floor((facts.get(id)?.owned ?? 0) / need)),
        ),
    days: result,
    holders: holders.map((h) => ({
      orderId: h.order_id,
      number: h.number,
      status: h.status,
      customerName: h.customer_name,
      quantity: h.quantity,
      from: new Date(ms(h.from)).toISOString(),
      until: new Date(ms(h.until)).toISOString(),
    })),
  };
}
