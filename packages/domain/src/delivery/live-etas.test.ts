import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LivePlannedStop, type LiveProgress, liveEtas } from './live-etas';

// A truck leaving at 8:00; three stops 30 min apart by road, 20 min on site each.
//   A: arrive 8:30, window 8:00–10:00  → start 8:30, leave 8:50
//   B: arrive 9:20, window 9:00–9:45   → start 9:20, leave 9:40
//   C: arrive 10:10, window 11:00–13:00 → waits; start 11:00, leave 11:20
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const plan: LivePlannedStop[] = [
  { stopId: 'A', arrival: h(8, 30), start: h(8, 30), departure: h(8, 50), window: w(8, 10) },
  { stopId: 'B', arrival: h(9, 20), start: h(9, 20), departure: h(9, 40), window: w(9, 9.75) },
  { stopId: 'C', arrival: h(10, 10), start: h(11), departure: h(11, 20), window: w(11, 13) },
];
function w(from: number, to: number) {
  return { start: Math.round(from * 60), end: Math.round(to * 60) };
}
const route = (startedAt: number | null = null) => ({ leaveDepot: h(8), startedAt, stops: plan });
const progress = (entries: [string, LiveProgress][]) => new Map(entries);
const summary = (stops: ReturnType<typeof liveEtas>) =>
  stops.map((s) => `${s.stopId} ${s.eta} ${s.state}`);

describe('liveEtas (decision 0047)', () => {
  it('before the truck leaves, the plan stands', () => {
    expect(summary(liveEtas(route(), new Map(), h(7)))).toEqual([
      `A ${h(8, 30)} on_time`,
      `B ${h(9, 20)} on_time`,
      `C ${h(11)} on_time`,
    ]);
  });

  it('a truck that has not left 20 minutes after its time runs late; the wait at C absorbs it', () => {
    const live = liveEtas(route(), new Map(), h(8, 20));
    expect(summary(live)).toEqual([
      `A ${h(8, 50)} late`,
      `B ${h(9, 40)} late`,
      `C ${h(11)} on_time`,
    ]);
    expect(live[0]?.behind).toBe(20);
  });

  it('a stop that will start after its window closes is missed, and those after it move', () => {
    // Started on time, but A took until 9:30: B (closes 9:45) is reached at 10:00.
    const live = liveEtas(
      route(h(8)),
      progress([['A', { status: 'delivered', at: h(9, 30) }]]),
      h(9, 31),
    );
    expect(summary(live)).toEqual([
      `A ${h(9, 30)} done`,
      `B ${h(10)} missed`,
      `C ${h(11)} on_time`,
    ]);
  });

  it('a truck not yet at its next stop is reached no earlier than now', () => {
    // Delivered A on time, and at 9:35 nobody has said they reached B (planned 9:20).
    const live = liveEtas(
      route(h(8)),
      progress([['A', { status: 'delivered', at: h(8, 50) }]]),
      h(9, 35),
    );
    expect(summary(live)).toEqual([
      `A ${h(8, 50)} done`,
      `B ${h(9, 35)} late`,
      `C ${h(11)} on_time`,
    ]);
  });

  it('arrived: the stop started then, and the truck is free no earlier than now', () => {
    const live = liveEtas(
      route(h(8)),
      progress([
        ['A', { status: 'delivered', at: h(8, 50) }],
        ['B', { status: 'arrived', at: h(9, 25) }],
      ]),
      h(10, 50),
    );
    // B is still being set up at 10:50: C is 30 min away, so 11:20, 20 min behind.
    expect(summary(live)).toEqual([
      `A ${h(8, 50)} done`,
      `B ${h(9, 25)} on_time`,
      `C ${h(11, 20)} late`,
    ]);
  });

  it('on my way: the drive is counted from when the driver said so', () => {
    const live = liveEtas(
      route(h(8)),
      progress([
        ['A', { status: 'delivered', at: h(8, 45) }],
        ['B', { status: 'on_my_way', at: h(9, 10) }],
      ]),
      h(9, 12),
    );
    expect(live[1]).toMatchObject({ eta: h(9, 40), state: 'late', behind: 20 });
  });

  it('ahead of plan never reads as behind, and a truck waits for a window to open', () => {
    const live = liveEtas(
      route(h(7, 30)),
      progress([['A', { status: 'delivered', at: h(8, 20) }]]),
      h(8, 21),
    );
    expect(live[1]).toMatchObject({ eta: h(9), state: 'on_time', behind: 0 });
  });

  // A consistent plan (start = max(arrival, window start), arrival = the stop before's departure
  // plus the drive) stands while nothing has happened and its start has not come; and whatever
  // the crew reported, a stop still to come never starts in the past or before its window, nor
  // before the stop before it ends.
  const plans = fc
    .array(
      fc.record({
        drive: fc.integer({ min: 0, max: 90 }),
        service: fc.integer({ min: 0, max: 60 }),
        opensAfter: fc.integer({ min: -120, max: 240 }),
        length: fc.integer({ min: 0, max: 240 }),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((legs) => {
      let t = h(8);
      return legs.map((leg, i): LivePlannedStop & { service: number } => {
        const arrival = t + leg.drive;
        const window = {
          start: arrival + leg.opensAfter,
          end: arrival + leg.opensAfter + leg.length,
        };
        const start = Math.max(arrival, window.start);
        t = start + leg.service;
        return { stopId: `S${i}`, arrival, start, departure: t, window, service: leg.service };
      });
    });

  it('a consistent plan stands before the truck leaves', () => {
    fc.assert(
      fc.property(plans, fc.integer({ min: 0, max: h(8) }), (stops, now) => {
        const live = liveEtas({ leaveDepot: h(8), startedAt: null, stops }, new Map(), now);
        expect(live.map((s) => s.eta)).toEqual(stops.map((s) => s.start));
        for (const s of live) expect(s.behind).toBe(0);
      }),
    );
  });

  it('a stop still to come starts after now, inside or after its window, after the one before', () => {
    const statuses = fc.constantFrom<LiveProgress['status'] | null>(
      null,
      'on_my_way',
      'arrived',
      'delivered',
      'picked_up',
      'problem',
    );
    fc.assert(
      fc.property(
        plans,
        fc.array(fc.tuple(statuses, fc.integer({ min: h(7), max: h(14) })), { maxLength: 8 }),
        fc.integer({ min: h(7), max: h(15) }),
        (stops, reported, now) => {
          // Reports happen before now, in route order.
          const seen = new Map<string, LiveProgress>();
          let clock = h(7);
          stops.forEach((stop, i) => {
            const [status, at] = reported[i] ?? [null, 0];
            if (!status) return;
            clock = Math.min(Math.max(clock, at), now);
            seen.set(stop.stopId, { status, at: clock });
          });
          const live = liveEtas({ leaveDepot: h(8), startedAt: h(8), stops }, seen, now);
          let endOfBefore = -Infinity;
          live.forEach((s, i) => {
            const stop = stops[i] as (typeof stops)[number];
            const status = seen.get(s.stopId)?.status;
            if (s.state === 'done') {
              endOfBefore = s.eta;
              return;
            }
            if (status !== 'arrived') expect(s.eta).toBeGreaterThanOrEqual(now);
            // "On my way" is the driver's word that the stop before is behind them.
            if (status !== 'arrived' && status !== 'on_my_way')
              expect(s.eta).toBeGreaterThanOrEqual(endOfBefore);
            expect(s.eta).toBeGreaterThanOrEqual(stop.window.start);
            expect(s.state === 'missed').toBe(s.eta > stop.window.end);
            endOfBefore =
              status === 'arrived' ? Math.max(s.eta + stop.service, now) : s.eta + stop.service;
          });
        },
      ),
    );
  });
});
