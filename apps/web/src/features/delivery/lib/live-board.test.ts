import type { DriverRoute } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { liveDriverStops } from './live-board';

// Austin, 2030-06-15 (UTC−5). Leave at 8:00; A 8:30–8:50 (window 8–10); B 9:20–9:40 (9–9:45).
const day = { date: '2030-06-15', timeZone: 'America/Chicago' };
const stop = (id: string, arrival: number, window: { start: number; end: number }) => ({
  id,
  kind: 'delivery' as const,
  orderNumber: 1001,
  customerName: 'Ana Diaz',
  address: '500 E Cesar Chavez St',
  lat: null,
  lng: null,
  window,
  eta: arrival,
  arrival,
  departure: arrival + 20,
  items: [],
  lines: [],
  notes: null,
  sitePhotos: [],
  gateCode: null,
  phoneNumber: null,
  status: 'scheduled' as const,
  events: [],
});
const route: DriverRoute = {
  vehicleId: 'truck',
  vehicleName: 'Truck 1',
  crew: [],
  leaveDepot: 480,
  startedAt: '2030-06-15T13:00:00.000Z',
  stops: [stop('A', 510, { start: 480, end: 600 }), stop('B', 560, { start: 540, end: 585 })],
  loadList: { deliveries: [], pickups: [] },
};

describe('the driver’s own live ETAs (decision 0047)', () => {
  it('counts what is still waiting in the phone’s outbox: A delivered late moves B past its window', () => {
    const live = liveDriverStops(
      route,
      day,
      [{ stopId: 'A', action: 'delivered', occurredAt: '2030-06-15T14:30:00.000Z' }],
      route.startedAt,
      new Date('2030-06-15T14:31:00.000Z'),
    );
    expect(live.get('A')?.state).toBe('done');
    // Free at 9:30, 30 minutes' drive: 10:00, after B's window closes at 9:45.
    expect(live.get('B')).toMatchObject({ eta: 600, state: 'missed' });
  });

  it('another day, or before the route is due out, shows the plan', () => {
    expect(liveDriverStops(route, day, [], null, new Date('2030-06-16T14:31:00.000Z')).size).toBe(
      0,
    );
    expect(liveDriverStops(route, day, [], null, new Date('2030-06-15T12:00:00.000Z')).size).toBe(
      0,
    );
  });
});
