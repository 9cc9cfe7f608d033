import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../schedule/schedule-schemas';
import { deliveryDayQuerySchema } from './delivery-day-schemas';
import {
  deriveDayStops,
  estimatedDriveMinutes,
  MIN_SERVICE_MINUTES,
  minutesIntoDay,
  routeStopsOf,
  type StopOrder,
  serviceOf,
} from './stops';

const TZ = 'America/Chicago';
const hours = DEFAULT_SCHEDULE.serviceHours; // 08:00–20:00 every day

// 2030-06-15 is a Saturday; Chicago is UTC−5 in June.
const order = (extra: Partial<StopOrder> = {}): StopOrder => ({
  id: 'o1',
  number: 1001,
  customerName: 'Ana Diaz',
  eventStart: '2030-06-15T17:00:00Z', // 12:00 local
  eventEnd: '2030-06-15T23:00:00Z', // 18:00 local
  address: {
    line1: '1 Main St',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    lat: 30.26,
    lng: -97.74,
  },
  deliveryWindow: null,
  pickupWindow: null,
  lines: [{ quantity: 2, setupMinutes: 30, crewSize: 2 }],
  ...extra,
});

describe('minutesIntoDay', () => {
  it('counts from the local midnight, into the next day and back into the previous one', () => {
    expect(minutesIntoDay(new Date('2030-06-15T14:30:00Z'), '2030-06-15', TZ)).toBe(9 * 60 + 30);
    expect(minutesIntoDay(new Date('2030-06-16T06:00:00Z'), '2030-06-15', TZ)).toBe(25 * 60);
    expect(minutesIntoDay(new Date('2030-06-15T04:00:00Z'), '2030-06-15', TZ)).toBe(-60);
  });
});

describe('serviceOf (the service-minutes rule)', () => {
  it('is the items’ person-minutes shared by the largest crew, at least the minimum', () => {
    // 2 × 30 min for a crew of 2, and 4 chairs' 5 min for one person: (120 + 20) ÷ 2 = 70.
    expect(
      serviceOf([
        { quantity: 2, setupMinutes: 30, crewSize: 2 },
        { quantity: 4, setupMinutes: 5, crewSize: 1 },
      ]),
    ).toEqual({ serviceMinutes: 70, crew: 2 });
    expect(serviceOf([{ quantity: 3, setupMinutes: 0, crewSize: 1 }])).toEqual({
      serviceMinutes: MIN_SERVICE_MINUTES,
      crew: 1,
    });
    expect(serviceOf([])).toEqual({ serviceMinutes: MIN_SERVICE_MINUTES, crew: 1 });
  });
});

describe('deriveDayStops', () => {
  it('a one-day event: a delivery before it starts and a pickup after it ends, in service hours', () => {
    const stops = deriveDayStops([order()], '2030-06-15', TZ, hours);
    expect(stops.map((s) => s.id)).toEqual(['o1:delivery', 'o1:pickup']);
    const [delivery, pickup] = stops;
    // Setup takes 60 min: start between 08:00 and 11:00 so it is done by noon.
    expect(delivery).toMatchObject({
      kind: 'delivery',
      window: { start: 480, end: 660 },
      windowFrom: 'service_hours',
      serviceMinutes: 60,
      crew: 2,
      units: 2,
      pin: { lat: 30.26, lng: -97.74 },
      address: '1 Main St, Austin, TX 78701',
    });
    expect(pickup).toMatchObject({
      kind: 'pickup',
      window: { start: 18 * 60, end: 20 * 60 },
      after: 'o1:delivery',
    });
  });

  it('uses the order’s windows when it has them', () => {
    const [delivery, pickup] = deriveDayStops(
      [
        order({
          deliveryWindow: { start: '2030-06-15T14:00:00Z', end: '2030-06-15T16:00:00Z' },
          pickupWindow: { start: '2030-06-15T23:30:00Z', end: '2030-06-16T01:00:00Z' },
        }),
      ],
      '2030-06-15',
      TZ,
      hours,
    );
    expect(delivery).toMatchObject({ window: { start: 540, end: 660 }, windowFrom: 'order' });
    expect(pickup).toMatchObject({ window: { start: 1110, end: 1200 }, windowFrom: 'order' });
  });

  it('a weekend event: the delivery on the first day, the pickup on the last, no precedence', () => {
    const weekend = order({ eventEnd: '2030-06-16T22:00:00Z' });
    const first = deriveDayStops([weekend], '2030-06-15', TZ, hours);
    const last = deriveDayStops([weekend], '2030-06-16', TZ, hours);
    expect(first.map((s) => s.kind)).toEqual(['delivery']);
    expect(last.map((s) => s.kind)).toEqual(['pickup']);
    expect(last[0]?.after).toBeUndefined();
    expect(deriveDayStops([weekend], '2030-06-17', TZ, hours)).toEqual([]);
  });

  it('an event ending after the latest pickup is picked up by the end of the day', () => {
    const late = order({ eventEnd: '2030-06-16T02:30:00Z' }); // 21:30 local
    const [, pickup] = deriveDayStops([late], '2030-06-15', TZ, hours);
    expect(pickup?.window).toEqual({ start: 21 * 60 + 30, end: 24 * 60 });
  });

  it('a day with no service hours falls back to 08:00–20:00; an order with no pin has none', () => {
    const closed = { ...hours, sat: null };
    const [delivery] = deriveDayStops(
      [
        order({
          address: { line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701' },
        }),
      ],
      '2030-06-15',
      TZ,
      closed,
    );
    expect(delivery?.window.start).toBe(480);
    expect(delivery?.pin).toBeNull();
  });
});

describe('routeStopsOf and travel', () => {
  it('hands the optimiser pins, precedence and loads', () => {
    const stops = deriveDayStops([order()], '2030-06-15', TZ, hours).map((s, i) => ({
      ...s,
      location: i + 1,
    }));
    const routed = routeStopsOf(stops, new Map([['o1:pickup', 'truck-2']]));
    expect(routed[0]).toMatchObject({
      id: 'o1:delivery',
      location: 1,
      load: { units: 2, volume: 0 },
    });
    expect(routed[0]?.pinnedVehicleId).toBeUndefined();
    expect(routed[1]).toMatchObject({ pinnedVehicleId: 'truck-2', after: 'o1:delivery' });
  });

  it('drives 30 mph over great-circle miles × 1.3', () => {
    // One degree of latitude is 69.09 mi: × 1.3 ÷ 30 mph ≈ 179.6 minutes.
    expect(estimatedDriveMinutes({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(179.6, 0);
  });
});

describe('the day in a query', () => {
  it('takes a real calendar day only', () => {
    expect(deliveryDayQuerySchema.safeParse({ date: '2030-06-15' }).success).toBe(true);
    expect(deliveryDayQuerySchema.safeParse({ date: '2030-02-30' }).success).toBe(false);
    expect(deliveryDayQuerySchema.safeParse({ date: '15/06/2030' }).success).toBe(false);
  });
});
