import type { DeliveryDay, StaffScheduleResponse } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 item 2 and issue 19 item 2 (back-office spec §12, decision 0051): each member's
// weekly shifts and time off; the Delivery Manager shows each driver's day from them, and does
// not put someone on time off on a crew.

let server: TestServer;
let owner: HttpClient;
let office: HttpClient;
let outsider: HttpClient;
let accountId: string;
let danaId: string;
let outsiderId: string;
let vehicleId: string;
// 2030-06-15 is a Saturday; 2030-06-19 a Wednesday.
const SATURDAY = '2030-06-15';
const WEDNESDAY = '2030-06-19';

const member = (name: string, email: string, roles: string[]) =>
  addMember(server, accountId, email, roles, { name });

const week = {
  mon: { start: '08:00', end: '17:00' },
  tue: { start: '08:00', end: '17:00' },
  wed: null,
  thu: { start: '08:00', end: '17:00' },
  fri: { start: '08:00', end: '17:00' },
  sat: { start: '07:00', end: '21:00' },
  sun: null,
};

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Shift Rentals',
    email: 'shifts-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  ({ userId: danaId } = await member('Dana Driver', 'shifts-dana@tentpole.test', [
    'tentpole:delivery.driver',
  ]));
  ({ client: office } = await member('Olly Office', 'shifts-office@tentpole.test', [
    'tentpole:delivery.read',
  ]));
  const other = await createAccountWithUser(server.db, {
    name: 'Elsewhere Shifts',
    email: 'shifts-outsider@tentpole.test',
  });
  outsiderId = other.userId;
  outsider = await server.signIn(other.email);
  const depot = await apiCall<{ id: string }>(owner, 'POST', '/api/delivery/depots', {
    name: 'Warehouse',
    address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
    lat: 30.2079,
    lng: -97.7142,
  });
  const vehicle = await apiCall<{ vehicle: { id: string } }>(
    owner,
    'POST',
    '/api/delivery/vehicles',
    {
      name: 'Truck A',
      depotId: depot.body.id,
      capacityUnits: 10,
      shiftStart: '07:00',
      shiftEnd: '21:00',
    },
  );
  vehicleId = vehicle.body.vehicle.id;
}, 120_000);
afterAll(() => server?.close());

const driverOn = async (date: string) => {
  const { body } = await apiCall<DeliveryDay>(owner, 'GET', `/api/delivery/day?date=${date}`);
  return body.drivers.find((d) => d.userId === danaId);
};
const crew = (date: string) =>
  apiCall(owner, 'PUT', '/api/delivery/day/crew', { date, vehicleId, userIds: [danaId] });

describe('staff shifts and time off (decision 0051)', () => {
  it('a member without shifts has no schedule: the truck’s hours stand for theirs', async () => {
    const { status, body } = await apiCall<StaffScheduleResponse>(
      owner,
      'GET',
      '/api/schedule/staff',
    );
    expect(status).toBe(200);
    expect(body.members.find((m) => m.userId === danaId)).toMatchObject({
      name: 'Dana Driver',
      shifts: null,
      timeOff: [],
    });
    expect((await driverOn(SATURDAY))?.availability).toEqual({
      status: 'no_schedule',
      shift: null,
    });
  });

  it('saves a week of shifts, and refuses one that ends before it starts', async () => {
    const bad = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'PUT',
      `/api/schedule/staff/${danaId}/shifts`,
      { shifts: { ...week, mon: { start: '17:00', end: '08:00' } } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['shifts.mon.end']).toEqual(['The shift must end after it starts']);
    const saved = await apiCall<{ member: { shifts: unknown } }>(
      owner,
      'PUT',
      `/api/schedule/staff/${danaId}/shifts`,
      { shifts: week },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.member.shifts).toEqual(week);
    expect((await driverOn(SATURDAY))?.availability).toEqual({
      status: 'on_shift',
      shift: { start: '07:00', end: '21:00' },
    });
    expect((await driverOn(WEDNESDAY))?.availability?.status).toBe('not_scheduled');
  });

  it('time off takes a driver off the crews of those days, until it is deleted', async () => {
    const added = await apiCall<{ timeOff: { id: string } }>(
      owner,
      'POST',
      `/api/schedule/staff/${danaId}/time-off`,
      { from: '2030-06-14', to: '2030-06-16', note: 'Cousin’s wedding 💍' },
    );
    expect(added.status).toBe(201);
    const listed = await apiCall<StaffScheduleResponse>(owner, 'GET', '/api/schedule/staff');
    expect(listed.body.members.find((m) => m.userId === danaId)?.timeOff).toEqual([
      {
        id: added.body.timeOff.id,
        from: '2030-06-14',
        to: '2030-06-16',
        note: 'Cousin’s wedding 💍',
      },
    ]);
    expect((await driverOn(SATURDAY))?.availability?.status).toBe('off');
    const refused = await crew(SATURDAY);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('Dana Driver has time off that day.');
    // Not scheduled on Wednesdays: shown, and still allowed (the planner decides).
    expect((await crew(WEDNESDAY)).status).toBe(200);

    expect(
      (await apiCall(owner, 'DELETE', `/api/schedule/time-off/${added.body.timeOff.id}`)).status,
    ).toBe(204);
    expect((await crew(SATURDAY)).status).toBe(200);
    expect(
      (await apiCall(owner, 'DELETE', `/api/schedule/time-off/${added.body.timeOff.id}`)).status,
    ).toBe(404);
  });

  it('refuses time off that ends before it begins', async () => {
    const bad = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/schedule/staff/${danaId}/time-off`,
      { from: '2030-06-16', to: '2030-06-14' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.to).toEqual(['The last day must be on or after the first']);
  });

  it('another account’s member is not found, and a member without staff.others.write may not', async () => {
    expect(
      (await apiCall(owner, 'PUT', `/api/schedule/staff/${outsiderId}/shifts`, { shifts: week }))
        .status,
    ).toBe(404);
    expect(
      (await apiCall(outsider, 'PUT', `/api/schedule/staff/${danaId}/shifts`, { shifts: week }))
        .status,
    ).toBe(404);
    expect(
      (await apiCall(office, 'PUT', `/api/schedule/staff/${danaId}/shifts`, { shifts: null }))
        .status,
    ).toBe(403);
    const theirs = await apiCall<StaffScheduleResponse>(outsider, 'GET', '/api/schedule/staff');
    expect(theirs.body.members.map((m) => m.userId)).not.toContain(danaId);
  });

  it('a crew on shift narrows its truck’s day: Dana from 10 AM, so the truck leaves then', async () => {
    const [customer] = await createCustomers(server.db, accountId, 1);
    const product = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
      name: 'Castle',
      quantity: 5,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
    });
    const order = await apiCall<{ order: { id: string } }>(owner, 'POST', '/api/orders', {
      customerId: customer?.id,
      eventStart: `${SATURDAY}T17:00:00Z`,
      eventEnd: `${SATURDAY}T23:00:00Z`,
      fulfilment: 'delivery',
      address: {
        line1: '100 Congress Ave',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        lat: 30.2622,
        lng: -97.7394,
      },
      lines: [{ productId: product.body.product.id, quantity: 1 }],
    });
    expect(order.status).toBe(201);
    await apiCall(owner, 'POST', `/api/orders/${order.body.order.id}/transitions`, {
      to: 'reserved',
    });
    const leaves = async () => {
      const planned = await apiCall<DeliveryDay>(owner, 'POST', '/api/delivery/day/plan', {
        date: SATURDAY,
      });
      expect(planned.status).toBe(200);
      return planned.body.routes.find((r) => r.vehicleId === vehicleId)?.leaveDepot ?? 0;
    };
    // On shift 07:00–21:00 as the truck: the truck's own day.
    expect(await leaves()).toBeLessThan(10 * 60);
    await apiCall(owner, 'PUT', `/api/schedule/staff/${danaId}/shifts`, {
      shifts: { ...week, sat: { start: '10:00', end: '21:00' } },
    });
    expect(await leaves()).toBeGreaterThanOrEqual(10 * 60);
  });
});
