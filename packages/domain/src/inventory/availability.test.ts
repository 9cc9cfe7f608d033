import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Catalog,
  type CatalogProduct,
  expandLine,
  findShortages,
  freeDuring,
  freePerDay,
  type Holding,
  itemAvailability,
  reservedRange,
  type StockFacts,
} from './availability';

const H = 3_600_000;
const M = 60_000;
const T0 = Date.UTC(2026, 5, 13, 10); // a Saturday party, 10:00 UTC

const product = (id: string, more: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id,
  type: 'rental',
  anchorPoints: 0,
  components: [],
  accessories: [],
  ...more,
});
const catalogOf = (...products: CatalogProduct[]): Catalog =>
  new Map(products.map((p) => [p.id, p]));
const hold = (quantity: number, from: number, until: number, number = 1001): Holding => ({
  quantity,
  from,
  until,
  orderId: `order-${number}`,
  number,
});
const facts = (owned: number, more: Partial<StockFacts> = {}): StockFacts => ({
  owned,
  downtimes: [],
  holdings: [],
  ...more,
});

describe('reserved range (§3: "from the earlier of delivery start and event start, minus the buffer before, to the later of pickup end and event end, plus its buffer after and recovery time")', () => {
  const buffers = { bufferBeforeMinutes: 60, bufferAfterMinutes: 30, recoveryMinutes: 120 };
  it.each([
    {
      name: 'event only',
      times: { eventStart: T0, eventEnd: T0 + 4 * H },
      expected: { from: T0 - H, until: T0 + 4 * H + 150 * M },
    },
    {
      name: 'delivery before the event, pickup after it',
      times: {
        eventStart: T0,
        eventEnd: T0 + 4 * H,
        deliveryStart: T0 - 2 * H,
        pickupEnd: T0 + 6 * H,
      },
      expected: { from: T0 - 3 * H, until: T0 + 6 * H + 150 * M },
    },
    {
      name: 'a delivery window that starts after the event start does not shorten it',
      times: { eventStart: T0, eventEnd: T0 + 4 * H, deliveryStart: T0 + H, pickupEnd: T0 + 2 * H },
      expected: { from: T0 - H, until: T0 + 4 * H + 150 * M },
    },
  ])('$name', ({ times, expected }) => {
    expect(reservedRange(times, buffers)).toEqual(expected);
  });

  it('is the event itself when the product has no buffers', () => {
    const none = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0, recoveryMinutes: 0 };
    expect(reservedRange({ eventStart: T0, eventEnd: T0 + H }, none)).toEqual({
      from: T0,
      until: T0 + H,
    });
  });
});

describe('free during a window (§3: "Available for [s, e) = min over the range of stock − demand")', () => {
  const window = { from: T0, until: T0 + 4 * H };
  it.each([
    { name: 'nothing held: everything owned', f: facts(3), expected: 3 },
    {
      name: 'a holding covering the window',
      f: facts(3, { holdings: [hold(2, T0 - H, T0 + 5 * H)] }),
      expected: 1,
    },
    {
      name: 'a holding ending exactly where the window starts is free (half-open ranges)',
      f: facts(1, { holdings: [hold(1, T0 - 5 * H, T0)] }),
      expected: 1,
    },
    {
      name: 'a holding starting exactly where the window ends is free',
      f: facts(1, { holdings: [hold(1, T0 + 4 * H, T0 + 8 * H)] }),
      expected: 1,
    },
    {
      name: 'a holding starting a millisecond before the window ends takes it',
      f: facts(1, { holdings: [hold(1, T0 + 4 * H - 1, T0 + 8 * H)] }),
      expected: 0,
    },
    {
      name: 'two holdings that never overlap each other take one each at most',
      f: facts(3, { holdings: [hold(2, T0, T0 + H, 1), hold(2, T0 + 2 * H, T0 + 3 * H, 2)] }),
      expected: 1,
    },
    {
      name: 'two holdings that overlap add up where they overlap',
      f: facts(5, { holdings: [hold(2, T0, T0 + 2 * H, 1), hold(2, T0 + H, T0 + 3 * H, 2)] }),
      expected: 1,
    },
    {
      name: 'a hard downtime removes stock ("stock at t = quantity owned − hard downtimes covering t")',
      f: facts(3, { downtimes: [{ quantity: 1, from: T0 + H, until: T0 + 2 * H, hard: true }] }),
      expected: 2,
    },
    {
      name: 'a soft downtime only warns',
      f: facts(3, { downtimes: [{ quantity: 3, from: T0, until: null, hard: false }] }),
      expected: 3,
    },
    {
      name: 'an open-ended hard downtime that started long ago still counts',
      f: facts(3, { downtimes: [{ quantity: 2, from: T0 - 900 * H, until: null, hard: true }] }),
      expected: 1,
    },
    {
      name: 'a downtime that ended where the window starts does not',
      f: facts(3, { downtimes: [{ quantity: 2, from: T0 - 9 * H, until: T0, hard: true }] }),
      expected: 3,
    },
    {
      name: 'overbooked by an override: below zero',
      f: facts(1, { holdings: [hold(1, T0, T0 + H, 1), hold(1, T0, T0 + H, 2)] }),
      expected: -1,
    },
  ])('$name', ({ f, expected }) => {
    expect(freeDuring(f, window)).toBe(expected);
  });
});

describe('what a line takes (§3: bundles, required accessories, surface components)', () => {
  const catalog = catalogOf(
    product('castle', {
      anchorPoints: 4,
      accessories: [
        { productId: 'blower', quantity: 1, required: true },
        { productId: 'mat', quantity: 1, required: false },
      ],
      surfaceComponents: new Map([
        ['grass', [{ productId: 'stake', quantity: 1, per: 'anchor' as const }]],
        ['concrete', [{ productId: 'sandbag', quantity: 7, per: 'anchor' as const }]],
        ['indoor', [{ productId: 'tarp', quantity: 1, per: 'unit' as const }]],
      ]),
    }),
    product('blower'),
    product('mat'),
    product('stake'),
    product('sandbag'),
    product('tarp'),
    product('table'),
    product('chair'),
    product('package', {
      components: [
        { productId: 'castle', quantity: 1 },
        { productId: 'table', quantity: 2 },
        { productId: 'chair', quantity: 16 },
      ],
    }),
    product('attendant', { type: 'service' }),
    product('cotton-candy', { type: 'sale' }),
  );
  const asObject = (m: Map<string, number>) => Object.fromEntries(m);

  it.each([
    {
      name: 'a plain product takes itself',
      line: { productId: 'table', quantity: 3 },
      expected: { table: 3 },
    },
    {
      name: 'required accessories follow the parent quantity; suggested ones take nothing',
      line: { productId: 'castle', quantity: 2 },
      expected: { castle: 2, blower: 2 },
    },
    {
      name: 'surface components per anchor point (grass: a stake per anchor)',
      line: { productId: 'castle', quantity: 2 },
      surface: 'grass',
      expected: { castle: 2, blower: 2, stake: 8 },
    },
    {
      name: 'surface components per anchor point (concrete: 7 sandbags per anchor)',
      line: { productId: 'castle', quantity: 1 },
      surface: 'concrete',
      expected: { castle: 1, blower: 1, sandbag: 28 },
    },
    {
      name: 'surface components per unit',
      line: { productId: 'castle', quantity: 3 },
      surface: 'indoor',
      expected: { castle: 3, blower: 3, tarp: 3 },
    },
    {
      name: 'a bundle takes its components, theirs too, and not itself',
      line: { productId: 'package', quantity: 2 },
      surface: 'grass',
      expected: { castle: 2, blower: 2, stake: 8, table: 4, chair: 32 },
    },
    {
      name: 'a service takes no stock',
      line: { productId: 'attendant', quantity: 2 },
      expected: {},
    },
    {
      name: 'a sale item takes no stock',
      line: { productId: 'cotton-candy', quantity: 50 },
      expected: {},
    },
  ])('$name', ({ line, surface, expected }) => {
    expect(asObject(expandLine(line, catalog, surface))).toEqual(expected);
  });

  it('ignores a cycle instead of looping (the server refuses to save one)', () => {
    const cyclic = catalogOf(
      product('a', { components: [{ productId: 'b', quantity: 1 }] }),
      product('b', { components: [{ productId: 'a', quantity: 1 }] }),
    );
    expect(asObject(expandLine({ productId: 'a', quantity: 1 }, cyclic))).toEqual({});
  });

  it("a bundle's availability is the least over its components", () => {
    const window = { from: T0, until: T0 + 4 * H };
    const stock = new Map<string, StockFacts>([
      ['castle', facts(5)],
      ['blower', facts(5)],
      ['table', facts(10, { holdings: [hold(6, T0, T0 + H)] })], // 4 free: two packages
      ['chair', facts(100)],
    ]);
    const answer = itemAvailability(
      { productId: 'package', quantity: 3, range: window },
      catalog,
      stock,
    );
    expect(answer).toMatchObject({ productId: 'package', requested: 3, available: 2 });
    expect(answer.conflicts).toEqual([
      { orderId: 'order-1001', number: 1001, quantity: 6, from: T0, until: T0 + H },
    ]);
  });
});

describe('the write path: shortages (§3: "answers 409 with, per short product: requested, available, and the conflicting orders")', () => {
  const catalog = catalogOf(
    product('castle', { accessories: [{ productId: 'blower', quantity: 1, required: true }] }),
    product('slide', { accessories: [{ productId: 'blower', quantity: 2, required: true }] }),
    product('blower'),
  );
  const range = { from: T0, until: T0 + 6 * H };

  it('fits when the request and what is held stay within stock', () => {
    const stock = new Map([
      ['castle', facts(2, { holdings: [hold(1, T0, T0 + 6 * H)] })],
      ['blower', facts(3)],
    ]);
    expect(findShortages([{ productId: 'castle', quantity: 1, range }], catalog, stock)).toEqual(
      [],
    );
  });

  it('explains a shortage of the product itself', () => {
    const stock = new Map([
      ['castle', facts(1, { holdings: [hold(1, T0 - H, T0 + H, 1042)] })],
      ['blower', facts(3)],
    ]);
    expect(findShortages([{ productId: 'castle', quantity: 1, range }], catalog, stock)).toEqual([
      {
        productId: 'castle',
        requested: 1,
        available: 0,
        conflicts: [
          { orderId: 'order-1042', number: 1042, quantity: 1, from: T0 - H, until: T0 + H },
        ],
      },
    ]);
  });

  it('counts a shared accessory across the lines of one request', () => {
    const stock = new Map([
      ['castle', facts(5)],
      ['slide', facts(5)],
      ['blower', facts(3)],
    ]);
    // 1 castle needs 1 blower, 1 slide needs 2: 3 fit; a second castle does not.
    expect(
      findShortages(
        [
          { productId: 'castle', quantity: 1, range },
          { productId: 'slide', quantity: 1, range },
        ],
        catalog,
        stock,
      ),
    ).toEqual([]);
    expect(
      findShortages(
        [
          { productId: 'castle', quantity: 2, range },
          { productId: 'slide', quantity: 1, range },
        ],
        catalog,
        stock,
      ),
    ).toEqual([{ productId: 'blower', requested: 4, available: 3, conflicts: [] }]);
  });

  it('lines of one request on different days do not add up', () => {
    const stock = new Map([
      ['castle', facts(1)],
      ['blower', facts(1)],
    ]);
    const saturday = range;
    const sunday = { from: T0 + 24 * H, until: T0 + 30 * H };
    expect(
      findShortages(
        [
          { productId: 'castle', quantity: 1, range: saturday },
          { productId: 'castle', quantity: 1, range: sunday },
        ],
        catalog,
        stock,
      ),
    ).toEqual([]);
  });
});

describe('a month of days', () => {
  it('gives the least free during each day', () => {
    const day = (d: number) => ({ from: T0 + d * 24 * H, until: T0 + (d + 1) * 24 * H });
    const f = facts(4, {
      holdings: [hold(3, T0 + 30 * H, T0 + 31 * H)],
      downtimes: [{ quantity: 1, from: T0 + 60 * H, until: null, hard: true }],
    });
    expect(freePerDay(f, [day(0), day(1), day(2), day(3)])).toEqual([4, 1, 3, 3]);
  });
});

describe('properties', () => {
  const arbHolding = fc
    .record({
      quantity: fc.integer({ min: 1, max: 3 }),
      start: fc.integer({ min: 0, max: 200 }),
      length: fc.integer({ min: 1, max: 48 }),
      number: fc.integer({ min: 1, max: 10_000 }),
    })
    .map((h) => hold(h.quantity, T0 + h.start * H, T0 + (h.start + h.length) * H, h.number));
  const arbWindow = fc
    .record({ start: fc.integer({ min: -20, max: 220 }), length: fc.integer({ min: 1, max: 72 }) })
    .map((w) => ({ from: T0 + w.start * H, until: T0 + (w.start + w.length) * H }));

  it('booking only what is free never takes availability below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.tuple(arbWindow, fc.integer({ min: 1, max: 4 })), { maxLength: 30 }),
        arbWindow,
        (owned, requests, probe) => {
          const catalog = catalogOf(product('p'));
          const booked: Holding[] = [];
          for (const [range, quantity] of requests) {
            const stock = new Map([['p', facts(owned, { holdings: booked })]]);
            if (findShortages([{ productId: 'p', quantity, range }], catalog, stock).length === 0)
              booked.push(hold(quantity, range.from, range.until, booked.length + 1));
          }
          expect(freeDuring(facts(owned, { holdings: booked }), probe)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('reserving then cancelling restores availability exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(arbHolding, { maxLength: 20 }),
        arbHolding,
        arbWindow,
        (owned, existing, added, probe) => {
          const before = freeDuring(facts(owned, { holdings: existing }), probe);
          const reserved = freeDuring(facts(owned, { holdings: [...existing, added] }), probe);
          const cancelled = freeDuring(
            facts(owned, { holdings: [...existing, added].filter((h) => h !== added) }),
            probe,
          );
          expect(reserved).toBeLessThanOrEqual(before);
          expect(cancelled).toBe(before);
        },
      ),
    );
  });

  it('the sweep agrees with checking every hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(arbHolding, { maxLength: 20 }),
        arbWindow,
        (owned, holdings, window) => {
          let least = owned;
          for (let t = window.from; t < window.until; t += H) {
            const used = holdings
              .filter((h) => h.from <= t && t < h.until)
              .reduce((sum, h) => sum + h.quantity, 0);
            least = Math.min(least, owned - used);
          }
          expect(freeDuring(facts(owned, { holdings }), window)).toBe(least);
        },
      ),
    );
  });
});
