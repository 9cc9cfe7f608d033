import { describe, expect, it } from 'vitest';
import type { DeliveryDay } from './delivery-day-schemas';
import { orderStopEta } from './live-etas';

const ORDER = '00000000-0000-4000-8000-000000000101';
const OTHER = '00000000-0000-4000-8000-000000000102';
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const stop = (orderId: string, kind: 'delivery' | 'pickup', start: number, end: number) => ({
  id: `${orderId}:${kind}`,
  window: { start, end },
});
const planned = (stopId: string, arrival: number) => ({
  stopId,
  arrival,
  start: arrival,
  departure: arrival + 30,
  slack: 0,
  pinned: false,
});

/** Only what the projection reads of a day: its date and zone, stops, routes and statuses. */
function dayOf(statuses: DeliveryDay['statuses'], startedAt: string | null): DeliveryDay {
  return {
    date: '2030-06-15',
    timeZone: 'America/Chicago',
    stops: [
      stop(OTHER, 'delivery', h(8), h(10)),
      stop(ORDER, 'delivery', h(9), h(11)),
      stop(ORDER, 'pickup', h(18), h(20)),
    ],
    routes: [
      {
        vehicleId: 'truck',
        leaveDepot: h(8),
        startedAt,
        stops: [
          planned(`${OTHER}:delivery`, h(8, 30)),
          planned(`${ORDER}:delivery`, h(9, 30)),
          planned(`${ORDER}:pickup`, h(18, 30)),
        ],
      },
    ],
    statuses,
  } as unknown as DeliveryDay;
}

// 2030-06-15 is in daylight saving time: Chicago is UTC−5.
const at = (hours: number, minutes = 0) =>
  new Date(Date.UTC(2030, 5, 15, hours + 5, minutes)).toISOString();

describe('orderStopEta (issue 24 item 1)', () => {
  it('is the plan before the route is under way', () => {
    const eta = orderStopEta(dayOf([], null), ORDER, new Date(at(7)));
    expect(eta).toEqual({ kind: 'delivery', minutes: h(9, 30), state: 'planned' });
  });

  it('moves with the crew: the stop before ran long, so the caller is reached later', () => {
    const day = dayOf(
      [
        { stopId: `${OTHER}:delivery`, status: 'arrived', at: at(9, 15) },
      ] as DeliveryDay['statuses'],
      at(8),
    );
    const eta = orderStopEta(day, ORDER, new Date(at(9, 50)));
    // Arrived 45 min late at the first stop and still there at 9:50: it serves until 9:50,
    // then drives the plan's 30 minutes' gap less its service (0 here): 9:50 at the earliest.
    expect(eta?.kind).toBe('delivery');
    expect(eta?.minutes).toBeGreaterThanOrEqual(h(9, 50));
    expect(eta?.state).toBe('late');
  });

  it('is the pickup once the delivery is done, and null once both are', () => {
    const delivered = dayOf(
      [
        { stopId: `${ORDER}:delivery`, status: 'delivered', at: at(9, 40) },
      ] as DeliveryDay['statuses'],
      at(8),
    );
    const pickup = orderStopEta(delivered, ORDER, new Date(at(12)));
    // The delivery ended 20 minutes early, so the pickup may be reached early too, never
    // before its window opens.
    expect(pickup?.kind).toBe('pickup');
    expect(pickup?.minutes).toBeGreaterThanOrEqual(h(18));
    expect(pickup?.minutes).toBeLessThanOrEqual(h(18, 30));
    const both = dayOf(
      [
        { stopId: `${ORDER}:delivery`, status: 'delivered', at: at(9, 40) },
        { stopId: `${ORDER}:pickup`, status: 'picked_up', at: at(18, 40) },
      ] as DeliveryDay['statuses'],
      at(8),
    );
    expect(orderStopEta(both, ORDER, new Date(at(19)))).toBeNull();
    expect(orderStopEta(dayOf([], null), 'no-such-order', new Date(at(7)))).toBeNull();
  });
});
