import type { DayStop, DeliveryDay } from '@tentpole/domain';

export const DAY = '2030-06-15';
export const truckA = '00000000-0000-4000-8000-0000000000a1';
export const truckB = '00000000-0000-4000-8000-0000000000b2';
const orderOne = '00000000-0000-4000-8000-000000000101';
const orderTwo = '00000000-0000-4000-8000-000000000102';

const stop = (
  orderId: string,
  orderNumber: number,
  kind: DayStop['kind'],
  window: DayStop['window'],
  lat: number,
): DayStop => ({
  id: `${orderId}:${kind}`,
  orderId,
  orderNumber,
  kind,
  customerName: orderNumber === 1001 ? 'Ana Diaz' : 'Ben Ode',
  address: '500 E Cesar Chavez St, Austin, TX 78701',
  lat,
  lng: -97.74,
  window,
  windowFrom: 'service_hours',
  serviceMinutes: 30,
  crew: 2,
  units: 1,
});

export const stops = {
  d1: stop(orderOne, 1001, 'delivery', { start: 480, end: 690 }, 30.26),
  p1: stop(orderOne, 1001, 'pickup', { start: 1080, end: 1200 }, 30.26),
  d2: stop(orderTwo, 1002, 'delivery', { start: 540, end: 660 }, 30.3),
  p2: stop(orderTwo, 1002, 'pickup', { start: 1200, end: 1200 }, 30.3),
};

const vehicle = (id: string, name: string) => ({
  id,
  name,
  depotId: '00000000-0000-4000-8000-0000000000e1',
  capacityUnits: 10,
  capacityVolume: 500,
  shiftStart: '07:00',
  shiftEnd: '21:00',
  active: true,
  createdAt: '2026-05-01T12:00:00.000Z',
});

const at = (stopId: string, arrival: number, slack: number, pinned = false) => ({
  stopId,
  arrival,
  start: arrival,
  departure: arrival + 30,
  slack,
  pinned,
});

/** Truck A: 1001's delivery then its pickup; truck B: 1002's delivery; 1002's pickup unplaced. */
export const deliveryDay: DeliveryDay = {
  date: DAY,
  timeZone: 'America/Chicago',
  depots: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Austin warehouse',
      lat: 30.2079,
      lng: -97.7142,
    },
  ],
  vehicles: [vehicle(truckA, 'Truck A'), vehicle(truckB, 'Truck B')],
  stops: Object.values(stops),
  routes: [
    {
      vehicleId: truckA,
      leaveDepot: 470,
      returnDepot: 1130,
      driveMinutes: 40,
      miles: 18.2,
      loadPeak: 1,
      stops: [at(stops.d1.id, 480, 200), at(stops.p1.id, 1080, 8)],
      crew: [],
      startedAt: null,
    },
    {
      vehicleId: truckB,
      leaveDepot: 530,
      returnDepot: 600,
      driveMinutes: 30,
      miles: 12,
      loadPeak: 1,
      stops: [at(stops.d2.id, 540, 120)],
      crew: [],
      startedAt: null,
    },
  ],
  unassigned: [{ stopId: stops.p2.id, reason: 'shift' }],
  violations: [],
  savedAt: '2030-06-14T20:00:00.000Z',
  drivers: [],
  statuses: [],
};
