import { randomUUID } from 'node:crypto';
import type {
  DeliveryDay,
  DriverDay,
  LoadListResponse,
  StopEventInput,
  StopEventParsed,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pickupReturns } from '../src/features/delivery/driver-day.js';
import { stopEvents } from '../src/features/delivery/tables.js';
import { storeOrderPhotos } from '../src/features/orders/queries.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { setOptOut } from '../src/features/phone/texts/queries.js';
import { messages } from '../src/features/phone/texts/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 19 items 2 (crews), 5, 6 and 7 (back-office spec §7.2, §7.4; decision 0043): a planner
// puts drivers on a truck's route; a driver sees only their routes and stops, never money;
// their stop events are idempotent by the phone's id; "on my way" texts the customer once and
// never an opted-out one; the stops follow their orders; load lists add up the items.

let server: TestServer;
let owner: HttpClient;
let dana: HttpClient;
let dave: HttpClient;
let office: HttpClient;
let outsider: HttpClient;
let accountId: string;
let danaId: string;
let daveId: string;
let officeId: string;
let outsiderId: string;
const truck: string[] = [];
const orderIds: string[] = [];
let bundleName: string;

const DAY = '2030-06-15'; // Chicago is UTC−5 in June
const OTHER_DAY = '2030-06-22';
const PHONES = ['+15550143001', '+15550143002', '+15550143003'];

const member = (name: string, email: string, roles: string[]) =>
  addMember(server, accountId, email, roles, { name });

/** Sends an action as the phone does: multipart, `event` as JSON, files beside it. */
async function send(
  client: HttpClient,
  event: Partial<StopEventInput> & { action: StopEventInput['action'] },
  files: { photo?: Buffer; signature?: Buffer } = {},
) {
  const form = new FormData();
  form.set(
    'event',
    JSON.stringify({
      id: randomUUID(),
      date: DAY,
      vehicleId: truck[0],
      occurredAt: new Date().toISOString(),
      ...event,
    }),
  );
  if (files.photo)
    form.set('photo', new Blob([new Uint8Array(files.photo)], { type: 'image/png' }), 'setup.png');
  if (files.signature)
    form.set(
      'signature',
      new Blob([new Uint8Array(files.signature)], { type: 'image/png' }),
      'signature.png',
    );
  const response = await client.request('/api/delivery/driver/events', {
    method: 'POST',
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as {
      event: {
        id: string;
        text: string | null;
        photoUrl: string | null;
        signatureUrl: string | null;
        maintenance?: number | null;
      };
      duplicate: boolean;
      error?: { fields?: Record<string, string[]> };
    },
  };
}

const getDay = async () => {
  const { status, body } = await apiCall<DeliveryDay>(
    owner,
    'GET',
    `/api/delivery/day?date=${DAY}`,
  );
  expect(status).toBe(200);
  return body;
};
const driverDay = async (client: HttpClient, date = DAY) => {
  const { status, body } = await apiCall<DriverDay>(
    client,
    'GET',
    `/api/delivery/driver/day?date=${date}`,
  );
  expect(status).toBe(200);
  return body;
};
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Driver Day Rentals',
    email: 'driver-day-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const other = await createAccountWithUser(server.db, {
    name: 'Elsewhere Driving',
    email: 'driver-day-outsider@tentpole.test',
    roles: ['tentpole:delivery.driver'],
  });
  outsiderId = other.userId;
  outsider = await server.signIn(other.email);
  ({ userId: danaId, client: dana } = await member('Dana Driver', 'dd-dana@tentpole.test', [
    'tentpole:delivery.driver',
    'tentpole:phone.read',
  ]));
  ({ userId: daveId, client: dave } = await member('Dave Driver', 'dd-dave@tentpole.test', [
    'tentpole:delivery.driver',
  ]));
  ({ userId: officeId, client: office } = await member('Olly Office', 'dd-office@tentpole.test', [
    'tentpole:delivery.read',
  ]));
  await server.db.insert(phoneServices).values({
    accountId,
    phoneNumber: '+15550143999',
    enabled: true,
    messagingStatus: 'approved',
  });
  const customers = await Promise.all(
    PHONES.map(
      async (phoneNumber) =>
        (await createCustomers(server.db, accountId, 1, { phoneNumber }))[0]?.id as string,
    ),
  );

  const product = async (body: Record<string, unknown>) => {
    const made = await apiCall<{ product: { id: string; name: string } }>(
      owner,
      'POST',
      '/api/products',
      { quantity: 50, pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] }, ...body },
    );
    expect(made.status).toBe(201);
    return made.body.product;
  };
  const blower = await product({ name: 'Blower 1.5 HP' });
  const castle = await product({ name: 'Castle', setupMinutes: 20, crewSize: 2 });
  const bundle = await product({
    name: 'Castle party pack',
    components: [
      { productId: castle.id, quantity: 1 },
      { productId: blower.id, quantity: 2 },
    ],
  });
  bundleName = bundle.name;
  const chairs = await product({ name: 'White chair' });

  const depot = await apiCall<{ id: string }>(owner, 'POST', '/api/delivery/depots', {
    name: 'Warehouse',
    address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
    lat: 30.2079,
    lng: -97.7142,
  });
  expect(depot.status).toBe(201);
  for (const name of ['Truck A', 'Truck B']) {
    const made = await apiCall<{ vehicle: { id: string } }>(
      owner,
      'POST',
      '/api/delivery/vehicles',
      {
        name,
        depotId: depot.body.id,
        capacityUnits: 40,
        shiftStart: '07:00',
        shiftEnd: '23:00',
      },
    );
    expect(made.status).toBe(201);
    truck.push(made.body.vehicle.id);
  }
  const parties = [
    { lat: 30.2622, lng: -97.7394, lines: [{ productId: bundle.id, quantity: 1 }] },
    { lat: 30.3072, lng: -97.7559, lines: [{ productId: chairs.id, quantity: 20 }] },
    { lat: 30.25, lng: -97.75, lines: [{ productId: chairs.id, quantity: 10 }] },
  ];
  for (const [i, party] of parties.entries()) {
    const made = await apiCall<{ order: { id: string } }>(owner, 'POST', '/api/orders', {
      customerId: customers[i],
      eventStart: `${DAY}T17:00:00Z`,
      eventEnd: `${DAY}T23:00:00Z`,
      fulfilment: 'delivery',
      address: {
        line1: `${100 + i} Congress Ave`,
        line2: `Gate 4${i}1#`,
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        lat: party.lat,
        lng: party.lng,
      },
      notes: { customer: `Back yard, party ${i + 1}`, internal: 'Owes a call about the invoice' },
      lines: party.lines,
    });
    expect(made.status).toBe(201);
    const moved = await apiCall(owner, 'POST', `/api/orders/${made.body.order.id}/transitions`, {
      to: 'reserved',
    });
    expect(moved.status).toBe(200);
    orderIds.push(made.body.order.id);
  }
  // Truck A: parties 1 and 2 (deliveries, then pickups); truck B: party 3.
  const [a, b, c] = orderIds as [string, string, string];
  const saved = await apiCall(owner, 'PUT', '/api/delivery/day/routes', {
    date: DAY,
    routes: [
      {
        vehicleId: truck[0],
        stopIds: [`${a}:delivery`, `${b}:delivery`, `${a}:pickup`, `${b}:pickup`],
        pinned: [],
      },
      { vehicleId: truck[1], stopIds: [`${c}:delivery`, `${c}:pickup`], pinned: [] },
    ],
  });
  expect(saved.status).toBe(200);
}, 120_000);
afterAll(() => server?.close());

describe('crews (§7.2)', () => {
  it('lists the members with delivery.driver, and puts them on a truck’s route', async () => {
    const before = await getDay();
    expect(before.drivers.map((d) => d.name)).toEqual([
      'Dana Driver',
      'Dave Driver',
      'Driver Day Rentals User',
    ]);
    const saved = await apiCall<DeliveryDay>(owner, 'PUT', '/api/delivery/day/crew', {
      date: DAY,
      vehicleId: truck[0],
      userIds: [danaId],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.routes.find((r) => r.vehicleId === truck[0])?.crew).toEqual([
      { userId: danaId, name: 'Dana Driver' },
    ]);
    expect(
      (
        await apiCall(owner, 'PUT', '/api/delivery/day/crew', {
          date: DAY,
          vehicleId: truck[1],
          userIds: [daveId],
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a member without delivery.driver, another account’s user, or a vehicle not running', async () => {
    for (const userIds of [[officeId], [outsiderId]]) {
      const { status, body } = await apiCall<{ error: { fields: Record<string, string[]> } }>(
        owner,
        'PUT',
        '/api/delivery/day/crew',
        { date: DAY, vehicleId: truck[0], userIds },
      );
      expect(status).toBe(400);
      expect(body.error.fields.userIds).toEqual([
        'Choose team members who can drive (delivery.driver)',
      ]);
    }
    const stranger = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'PUT',
      '/api/delivery/day/crew',
      { date: DAY, vehicleId: randomUUID(), userIds: [] },
    );
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields.vehicleId).toEqual(['Choose one of your active vehicles']);
    const bad = await apiCall(owner, 'PUT', '/api/delivery/day/crew', {
      date: 'soon',
      vehicleId: truck[0],
      userIds: [danaId, danaId],
    });
    expect(bad.status).toBe(400);
    // A planner with delivery.read only cannot change crews; a driver cannot either.
    expect(
      (
        await apiCall(office, 'PUT', '/api/delivery/day/crew', {
          date: DAY,
          vehicleId: truck[0],
          userIds: [],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await apiCall(dana, 'PUT', '/api/delivery/day/crew', {
          date: DAY,
          vehicleId: truck[0],
          userIds: [],
        })
      ).status,
    ).toBe(403);
  });

  it('keeps the crew when the day is planned again', async () => {
    const planned = await apiCall<DeliveryDay>(owner, 'POST', '/api/delivery/day/plan', {
      date: DAY,
    });
    expect(planned.status).toBe(200);
    expect(
      planned.body.routes.find((r) => r.vehicleId === truck[0])?.crew.map((c) => c.name),
    ).toEqual(['Dana Driver']);
    // Back to the test's arrangement.
    const [a, b, c] = orderIds as [string, string, string];
    await apiCall(owner, 'PUT', '/api/delivery/day/routes', {
      date: DAY,
      routes: [
        {
          vehicleId: truck[0],
          stopIds: [`${a}:delivery`, `${b}:delivery`, `${a}:pickup`, `${b}:pickup`],
          pinned: [],
        },
        { vehicleId: truck[1], stopIds: [`${c}:delivery`, `${c}:pickup`], pinned: [] },
      ],
    });
  });
});

describe('the driver’s day (§7.4): only their own routes and stops, and no money', () => {
  it('shows Dana her truck’s stops in order with address, window, items, notes, gate code and number', async () => {
    const day = await driverDay(dana);
    expect(day.routes.map((r) => r.vehicleName)).toEqual(['Truck A']);
    const [route] = day.routes;
    const [a, b] = orderIds as [string, string];
    expect(route?.stops.map((s) => s.id)).toEqual([
      `${a}:delivery`,
      `${b}:delivery`,
      `${a}:pickup`,
      `${b}:pickup`,
    ]);
    const first = route?.stops[0];
    expect(first).toMatchObject({
      kind: 'delivery',
      address: '100 Congress Ave, Austin, TX 78701',
      notes: 'Back yard, party 1',
      gateCode: 'Gate 401#',
      phoneNumber: PHONES[0],
      status: 'scheduled',
    });
    expect(first?.items).toEqual([
      {
        description: bundleName,
        quantity: 1,
        components: [
          { description: 'Blower 1.5 HP', quantity: 2 },
          { description: 'Castle', quantity: 1 },
        ],
      },
    ]);
    expect(first?.eta).toBeGreaterThan(0);
    // No price, total, balance, deposit or internal note anywhere in what a driver reads.
    const text = JSON.stringify(day);
    expect(text).not.toMatch(/cents|price|total|balance|deposit|amount|invoice/i);
    expect(text).not.toContain('Owes a call');
    expect((await driverDay(dave)).routes.map((r) => r.vehicleName)).toEqual(['Truck B']);
  });

  it('answers 404 for another driver’s route, and 403 for the planner’s board and load lists', async () => {
    const theirs = await apiCall(
      dana,
      'GET',
      `/api/delivery/driver/routes/${truck[1]}?date=${DAY}`,
    );
    expect(theirs.status).toBe(404);
    const mine = await apiCall<DriverDay>(
      dana,
      'GET',
      `/api/delivery/driver/routes/${truck[0]}?date=${DAY}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.routes).toHaveLength(1);
    expect(
      (await apiCall(outsider, 'GET', `/api/delivery/driver/routes/${truck[0]}?date=${DAY}`))
        .status,
    ).toBe(404);
    expect((await apiCall(dana, 'GET', `/api/delivery/day?date=${DAY}`)).status).toBe(403);
    expect((await apiCall(dana, 'GET', `/api/delivery/load-list?date=${DAY}`)).status).toBe(403);
    // On another day she is on no route.
    expect((await driverDay(dana, OTHER_DAY)).routes).toEqual([]);
  });

  it('answers 404 when a driver acts on another driver’s stop or route', async () => {
    const c = orderIds[2] as string;
    const otherStop = await send(dana, { action: 'arrived', stopId: `${c}:delivery` });
    expect(otherStop.status).toBe(404);
    const otherRoute = await send(dana, {
      action: 'arrived',
      vehicleId: truck[1],
      stopId: `${c}:delivery`,
    });
    expect(otherRoute.status).toBe(404);
    expect((await send(dana, { action: 'start_route', vehicleId: truck[1] })).status).toBe(404);
    expect((await send(outsider, { action: 'start_route' })).status).toBe(404);
    const rows = await server.db
      .select()
      .from(stopEvents)
      .where(eq(stopEvents.accountId, accountId));
    expect(rows).toEqual([]);
  });

  it('refuses bad actions with field errors', async () => {
    const [a] = orderIds as [string];
    const noName = await send(dana, { action: 'delivered', stopId: `${a}:delivery` });
    expect(noName.status).toBe(400);
    expect(noName.body.error?.fields?.printedName).toEqual([
      'Enter the name of the person who signed',
    ]);
    const wrongKind = await send(dana, {
      action: 'picked_up',
      stopId: `${a}:delivery`,
      counts: { returned: 1, damaged: 0, missing: 0 },
    });
    expect(wrongKind.status).toBe(400);
    const notPhoto = await send(
      dana,
      { action: 'delivered', stopId: `${a}:delivery`, printedName: 'Pat' },
      { photo: Buffer.from('not an image') },
    );
    expect(notPhoto.status).toBe(400);
    expect(notPhoto.body.error?.fields?.photo).toEqual(['The file is not a photo we can read']);
    const response = await dana.request('/api/delivery/driver/events', {
      method: 'POST',
      body: new FormData(),
    });
    expect(response.status).toBe(400);
  });
});

describe('stop events (§7.4)', () => {
  it('starts the route, and "on my way" texts the customer the ETA once, however often it is sent', async () => {
    const started = await send(dana, { action: 'start_route' });
    expect(started.status).toBe(200);
    const [a] = orderIds as [string];
    const id = randomUUID();
    const sends = await Promise.all(
      [1, 2, 3].map(() => send(dana, { id, action: 'on_my_way', stopId: `${a}:delivery` })),
    );
    expect(sends.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(sends.filter((s) => s.body.duplicate)).toHaveLength(2);
    expect(new Set(sends.map((s) => s.body.event.id))).toEqual(new Set([id]));
    expect(sends.every((s) => s.body.event.text === 'sent')).toBe(true);
    const texts = await server.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.accountId, accountId));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(
      /^Driver Day Rentals: your driver is on the way with order #\d+\. Arriving about \d{1,2}:\d{2} [AP]M\.$/,
    );
    const rows = await server.db
      .select()
      .from(stopEvents)
      .where(and(eq(stopEvents.accountId, accountId), eq(stopEvents.id, id)));
    expect(rows).toHaveLength(1);
  });

  it('does not text a customer who opted out (STOP)', async () => {
    await setOptOut(server.db, accountId, PHONES[1] as string, true);
    const [, b] = orderIds as [string, string];
    const sent = await send(dana, { action: 'on_my_way', stopId: `${b}:delivery` });
    expect(sent.status).toBe(200);
    expect(sent.body.event.text).toBe('opted_out');
    const texts = await server.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.accountId, accountId));
    expect(texts).toHaveLength(1);
  });

  it('records a delivery with its photo and signature, which the office and the crew can open and another driver cannot', async () => {
    const [a] = orderIds as [string];
    expect((await send(dana, { action: 'arrived', stopId: `${a}:delivery` })).status).toBe(200);
    const delivered = await send(
      dana,
      { action: 'delivered', stopId: `${a}:delivery`, printedName: 'Pat Party' },
      { photo: await png(2400, 1200), signature: await png(300, 120) },
    );
    expect(delivered.status).toBe(200);
    const { photoUrl, signatureUrl } = delivered.body.event;
    expect(photoUrl).toMatch(/^\/api\/delivery\/stop-files\/[0-9a-f-]{36}$/);
    for (const [url, type] of [
      [photoUrl, 'image/webp'],
      [signatureUrl, 'image/png'],
    ] as const) {
      for (const client of [owner, office, dana]) {
        const response = await client.request(url as string);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(type);
      }
      expect((await dave.request(url as string)).status).toBe(404);
      expect((await outsider.request(url as string)).status).toBe(404);
    }
    const photo = await sharp(
      Buffer.from(await (await owner.request(photoUrl as string)).arrayBuffer()),
    ).metadata();
    expect(photo.width).toBe(1600);
  });

  it('records a pickup with its counts, and a problem with its reason', async () => {
    const [a, b] = orderIds as [string, string];
    // Party 1 has one line, the bundle: the counts are its. Said line by line, they must add up.
    const lines =
      (await driverDay(dana)).routes[0]?.stops.find((s) => s.id === `${a}:pickup`)?.lines ?? [];
    expect(lines.map((l) => l.description)).toEqual([bundleName]);
    const bundleLine = lines[0]?.lineId as string;
    const pickup = {
      action: 'picked_up' as const,
      stopId: `${a}:pickup`,
      counts: { returned: 0, damaged: 1, missing: 0 },
      note: 'Torn seam on the slide',
    };
    const notAdding = await send(dana, {
      ...pickup,
      returns: [{ lineId: bundleLine, damaged: 0, missing: 1 }],
    });
    expect(notAdding.status).toBe(400);
    expect(notAdding.body.error?.fields).toEqual({
      returns: ['The items’ damaged and missing must add up to the counts'],
    });
    const foreign = await send(dana, {
      ...pickup,
      returns: [{ lineId: randomUUID(), damaged: 1, missing: 0 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({
      'returns.0.lineId': ['Not an item of this order'],
    });
    const tooMany = await send(dana, {
      ...pickup,
      counts: { returned: 0, damaged: 2, missing: 0 },
    });
    expect(tooMany.body.error?.fields).toEqual({
      'counts.damaged': [`At most 1 went out of ${bundleName}`],
    });

    const id = randomUUID();
    const said = { ...pickup, id };
    // With a photo of the damage (a pickup keeps a photo, never a signature).
    const picked = await send(dana, said, {
      photo: await png(800, 600),
      signature: await png(300, 120),
    });
    expect(picked.status).toBe(200);
    expect(picked.body.event.maintenance).toBe(1);
    expect(picked.body.event.signatureUrl).toBeNull();
    const pickupPhoto = await owner.request(picked.body.event.photoUrl as string);
    expect(pickupPhoto.status).toBe(200);
    expect(pickupPhoto.headers.get('content-type')).toBe('image/webp');
    expect((await dave.request(picked.body.event.photoUrl as string)).status).toBe(404);
    // Sent again from the offline queue: recorded once, and the unit leaves stock once.
    expect((await send(dana, said)).body.duplicate).toBe(true);
    const opened = await vi.waitFor(
      async () => {
        const { body } = await apiCall<{
          downtimes: { productName?: string; quantity: number; reason: string; note: string }[];
        }>(owner, 'GET', '/api/downtimes');
        const mine = body.downtimes.filter((d) => d.note.startsWith('Picked up damaged'));
        if (mine.length === 0) throw new Error('no downtime yet');
        return mine;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(opened).toEqual([
      expect.objectContaining({ quantity: 1, reason: 'damaged', hard: true }),
    ]);
    const problem = await send(dana, {
      action: 'problem',
      stopId: `${b}:delivery`,
      reason: 'no_access',
      note: 'Gate locked',
    });
    expect(problem.status).toBe(200);
    const day = await driverDay(dana);
    const stops = day.routes[0]?.stops ?? [];
    expect(day.routes[0]?.startedAt).not.toBeNull();
    expect(stops.map((s) => s.status)).toEqual(['delivered', 'problem', 'picked_up', 'scheduled']);
    expect(stops[2]?.events.at(-1)).toMatchObject({
      counts: { returned: 0, damaged: 1, missing: 0 },
      note: 'Torn seam on the slide',
      byName: 'Dana Driver',
    });
    expect(stops[0]?.events.map((e) => e.action)).toEqual(['on_my_way', 'arrived', 'delivered']);
  });

  it('shows each stop’s status and the route’s start on the office board', async () => {
    const day = await getDay();
    const [a, b] = orderIds as [string, string];
    const status = new Map(day.statuses.map((s) => [s.stopId, s.status]));
    expect(status.get(`${a}:delivery`)).toBe('delivered');
    expect(status.get(`${b}:delivery`)).toBe('problem');
    expect(status.get(`${a}:pickup`)).toBe('picked_up');
    expect(status.has(`${b}:pickup`)).toBe(false);
    expect(day.routes.find((r) => r.vehicleId === truck[0])?.startedAt).not.toBeNull();
    expect(day.routes.find((r) => r.vehicleId === truck[1])?.startedAt).toBeNull();
    const delivered = day.statuses.find((s) => s.stopId === `${a}:delivery`);
    expect(delivered?.event.printedName).toBe('Pat Party');
  });
});

describe('site photos on the driver’s day (decision 0052)', () => {
  it('shows the crew the order’s site photos, which only the crew of that day can open', async () => {
    const [a] = orderIds as [string];
    const file = new File([new Uint8Array(await png(1200, 900))], 'yard.png', {
      type: 'image/png',
    });
    await storeOrderPhotos(server.db, accountId, a, [file]);
    const stops = (await driverDay(dana)).routes[0]?.stops ?? [];
    const photos = stops.find((s) => s.id === `${a}:delivery`)?.sitePhotos ?? [];
    expect(photos).toHaveLength(1);
    expect(stops.find((s) => s.id === `${a}:pickup`)?.sitePhotos).toEqual(photos);
    const { url, thumbnailUrl } = photos[0] as { url: string; thumbnailUrl: string };
    for (const link of [url, thumbnailUrl]) {
      const got = await dana.request(link);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
    }
    const thumb = await sharp(
      Buffer.from(await (await dana.request(thumbnailUrl)).arrayBuffer()),
    ).metadata();
    expect(thumb.width).toBeLessThan(1200);
    // Dave drives another truck; another day is not Dana's; another account's user sees nothing.
    expect((await dave.request(url)).status).toBe(404);
    expect((await dana.request(url.replace(DAY, OTHER_DAY))).status).toBe(404);
    expect((await outsider.request(url)).status).toBe(404);
    expect((await office.request(url)).status).toBe(403);
  });
});

describe('load lists (§7.4)', () => {
  it('adds up a route’s products with their components, and the whole day’s', async () => {
    const route = await apiCall<LoadListResponse>(
      owner,
      'GET',
      `/api/delivery/load-list?date=${DAY}&vehicleId=${truck[0]}`,
    );
    expect(route.status).toBe(200);
    expect(route.body.vehicleName).toBe('Truck A');
    expect(route.body.stopCount).toBe(4);
    expect(route.body.list.deliveries).toEqual([
      { description: 'White chair', quantity: 20, components: [] },
      {
        description: bundleName,
        quantity: 1,
        components: [
          { description: 'Blower 1.5 HP', quantity: 2 },
          { description: 'Castle', quantity: 1 },
        ],
      },
    ]);
    expect(route.body.list.pickups).toEqual(route.body.list.deliveries);
    const whole = await apiCall<LoadListResponse>(
      owner,
      'GET',
      `/api/delivery/load-list?date=${DAY}`,
    );
    expect(whole.status).toBe(200);
    expect(whole.body.list.deliveries[0]).toEqual({
      description: 'White chair',
      quantity: 30,
      components: [],
    });
    expect((await driverDay(dana)).routes[0]?.loadList).toEqual(route.body.list);
    expect(
      (
        await apiCall(
          office,
          'GET',
          `/api/delivery/load-list?date=${DAY}&vehicleId=${randomUUID()}`,
        )
      ).status,
    ).toBe(404);
    expect((await apiCall(office, 'GET', '/api/delivery/load-list?date=nope')).status).toBe(400);
  });
});

describe('stops follow their orders', () => {
  it('a rescheduled order’s stops leave the driver’s day, and acting on them is a 404', async () => {
    const c = orderIds[2] as string;
    const moved = await apiCall(owner, 'PATCH', `/api/orders/${c}`, {
      eventStart: `${OTHER_DAY}T17:00:00Z`,
      eventEnd: `${OTHER_DAY}T23:00:00Z`,
    });
    expect(moved.status).toBe(200);
    expect((await driverDay(dave)).routes[0]?.stops).toEqual([]);
    expect(
      (await send(dave, { action: 'arrived', vehicleId: truck[1], stopId: `${c}:delivery` }))
        .status,
    ).toBe(404);
    // On its new day it is unassigned: no driver has it yet.
    expect((await driverDay(dave, OTHER_DAY)).routes).toEqual([]);
  });

  it('a cancelled order’s stops leave the driver’s day, and acting on them is a 404', async () => {
    const b = orderIds[1] as string;
    const cancelled = await apiCall(owner, 'POST', `/api/orders/${b}/transitions`, {
      to: 'cancelled',
      reason: 'Rained out',
    });
    expect(cancelled.status).toBe(200);
    const stops = (await driverDay(dana)).routes[0]?.stops ?? [];
    expect(stops.some((s) => s.id.startsWith(b))).toBe(false);
    expect(stops).toHaveLength(2);
    expect((await send(dana, { action: 'arrived', stopId: `${b}:pickup` })).status).toBe(404);
  });
});

describe('a pickup’s damaged and missing units, line by line (decision 0048)', () => {
  const chairs = {
    lineId: randomUUID(),
    productId: randomUUID(),
    description: 'Chair',
    quantity: 20,
  };
  const tent = { lineId: randomUUID(), productId: randomUUID(), description: 'Tent', quantity: 1 };
  const event = (
    counts: { returned: number; damaged: number; missing: number },
    returns?: { lineId: string; damaged: number; missing: number }[],
  ) =>
    ({
      id: randomUUID(),
      date: DAY,
      vehicleId: randomUUID(),
      stopId: `${randomUUID()}:pickup`,
      action: 'picked_up',
      occurredAt: new Date().toISOString(),
      counts,
      ...(returns ? { returns } : {}),
    }) as StopEventParsed;
  const fieldsOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { fields?: Record<string, string[]> }).fields;
    }
    return null;
  };

  it('with several lines the driver must say which; then each goes to maintenance', () => {
    expect(
      fieldsOf(() =>
        pickupReturns(event({ returned: 19, damaged: 1, missing: 1 }), [chairs, tent]),
      ),
    ).toEqual({
      returns: ['Say which items came back damaged or missing'],
    });
    expect(
      pickupReturns(
        event({ returned: 19, damaged: 1, missing: 1 }, [
          { lineId: chairs.lineId, damaged: 0, missing: 1 },
          { lineId: tent.lineId, damaged: 1, missing: 0 },
        ]),
        [chairs, tent],
      ),
    ).toEqual([
      { lineId: chairs.lineId, productId: chairs.productId, damaged: 0, missing: 1 },
      { lineId: tent.lineId, productId: tent.productId, damaged: 1, missing: 0 },
    ]);
    expect(
      fieldsOf(() =>
        pickupReturns(
          event({ returned: 0, damaged: 2, missing: 0 }, [
            { lineId: tent.lineId, damaged: 1, missing: 0 },
            { lineId: tent.lineId, damaged: 1, missing: 0 },
          ]),
          [chairs, tent],
        ),
      ),
    ).toEqual({
      'returns.1.lineId': ['Each item once'],
    });
  });

  it('nothing damaged or missing sends nothing, whatever the lines', () => {
    expect(pickupReturns(event({ returned: 21, damaged: 0, missing: 0 }), [chairs, tent])).toEqual(
      [],
    );
  });
});
