import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnavailableError, writeHoldingLines } from '../src/features/orders/reservations.js';
import { createAccountWithUser, createCustomers, createOrder } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 16: the inventory API and the availability engine, on a database with nothing but
// one account (the run's engine: PGlite, or PostgreSQL in CI's second pass).

let server: TestServer;
let owner: HttpClient;
let accountId: string;
let customerId: string;
let nextNumber = 5000;

const NOW = new Date('2026-06-01T12:00:00Z');
const SATURDAY = Date.parse('2026-06-13T15:00:00Z');
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function json<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await owner.request(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

type ProductBody = { product: { id: string; quantity: number; [key: string]: unknown } };

async function product(fields: Record<string, unknown>) {
  const { status, body } = await json<ProductBody>('POST', '/api/products', {
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
    ...fields,
  });
  expect(status).toBe(201);
  return body.product.id;
}

async function newOrder(status: 'quote' | 'reserved' | 'hold' = 'reserved') {
  return createOrder(server.db, {
    accountId,
    customerId,
    number: nextNumber++,
    eventDate: '2026-06-13',
    status,
  });
}

const party = { eventStart: SATURDAY, eventEnd: SATURDAY + 6 * H };
const line = (productId: string, quantity = 1) => ({
  productId,
  quantity,
  description: 'Item',
  unitPriceCents: 100,
});

async function availability(items: string, start = SATURDAY, end = SATURDAY + 6 * H) {
  const { status, body } = await json<{
    items: { productId: string; requested: number; available: number; conflicts: unknown[] }[];
  }>('GET', `/api/availability?start=${iso(start)}&end=${iso(end)}&items=${items}`);
  expect(status).toBe(200);
  return body.items;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Inventory Rentals',
    email: 'inventory-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, accountId, 1);
  customerId = customer?.id as string;
});
afterAll(() => server?.close());

describe('products, categories, surfaces', () => {
  it('creates a nested category tree and keeps siblings in their order', async () => {
    const parent = await json<{ category: { id: string } }>('POST', '/api/categories', {
      name: 'Bounce Houses 🏰',
    });
    expect(parent.status).toBe(201);
    const a = await json<{ category: { id: string; slug: string } }>('POST', '/api/categories', {
      name: 'Castles',
      parentId: parent.body.category.id,
    });
    const b = await json<{ category: { id: string } }>('POST', '/api/categories', {
      name: 'Combos',
      parentId: parent.body.category.id,
    });
    expect(a.body.category.slug).toBe('castles');
    await json('PATCH', `/api/categories/${b.body.category.id}`, { position: 0 });
    const list = await json<{ categories: { name: string; parentId: string | null }[] }>(
      'GET',
      '/api/categories',
    );
    expect(list.body.categories.map((c) => c.name)).toEqual([
      'Bounce Houses 🏰',
      'Combos',
      'Castles',
    ]);
    const loop = await json<{ error: { fields: Record<string, string[]> } }>(
      'PATCH',
      `/api/categories/${parent.body.category.id}`,
      { parentId: a.body.category.id },
    );
    expect(loop.status).toBe(400);
    expect(loop.body.error.fields.parentId).toEqual(['A category cannot be inside itself']);
  });

  it('creates, finds, edits and archives a product, with clear field errors', async () => {
    const bad = await json<{ error: { fields: Record<string, string[]> } }>(
      'POST',
      '/api/products',
      {
        name: ' ',
        pricing: { mode: 'daily', tiers: [] },
        quantity: -1,
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(
      expect.arrayContaining(['name', 'pricing.tiers', 'quantity']),
    );

    const id = await product({
      name: 'Tropical Water Slide',
      quantity: 2,
      bufferBeforeMinutes: 90,
      anchorPoints: 6,
      dimensions: { lengthCm: 900, widthCm: 400 },
    });
    const found = await json<{ products: { id: string; name: string }[]; total: number }>(
      'GET',
      '/api/products?search=tropical slide',
    );
    expect(found.body.products.map((p) => p.id)).toEqual([id]);
    const changed = await json<ProductBody>('PATCH', `/api/products/${id}`, {
      securityDeposit: 5_000,
      status: 'archived',
    });
    expect(changed.body.product).toMatchObject({ securityDeposit: 5_000, status: 'archived' });
    const active = await json<{ products: { id: string }[] }>(
      'GET',
      '/api/products?search=tropical',
    );
    expect(active.body.products).toEqual([]);
    const archived = await json<{ products: { id: string }[] }>(
      'GET',
      '/api/products?search=tropical&status=archived',
    );
    expect(archived.body.products.map((p) => p.id)).toEqual([id]);
  });

  it('refuses a bundle that would contain itself, and unknown components', async () => {
    const inner = await product({ name: 'Inner' });
    const outer = await product({ name: 'Outer', components: [{ productId: inner, quantity: 1 }] });
    const cycle = await json<{ error: { fields: Record<string, string[]> } }>(
      'PATCH',
      `/api/products/${inner}`,
      { components: [{ productId: outer, quantity: 1 }] },
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.fields.components).toEqual([
      'This would put the product inside itself',
    ]);
    const unknown = await json<{ error: { fields: Record<string, string[]> } }>(
      'POST',
      '/api/products',
      {
        name: 'Ghost bundle',
        pricing: { mode: 'flat', amount: 1 },
        components: [{ productId: crypto.randomUUID(), quantity: 1 }],
      },
    );
    expect(unknown.body.error.fields['components.0.productId']).toEqual(['Unknown product']);
  });

  it('counts the active units of a serialized product', async () => {
    const id = await product({ name: 'Castle', tracking: 'serialized' });
    for (const name of ['Castle #1', 'Castle #2', 'Castle #3'])
      await json('POST', `/api/products/${id}/units`, { name });
    const { body } = await json<ProductBody & { product: { units: { id: string }[] } }>(
      'GET',
      `/api/products/${id}`,
    );
    expect(body.product.quantity).toBe(3);
    const retired = await json<ProductBody>(
      'PATCH',
      `/api/products/${id}/units/${body.product.units[0]?.id}`,
      { status: 'retired' },
    );
    expect(retired.body.product.quantity).toBe(2);
  });

  it('resizes an uploaded image and serves its thumbnail', async () => {
    const id = await product({ name: 'Photo Booth' });
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#36c' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'booth.png');
    const response = await owner.request(`/api/products/${id}/images`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    const { product: saved } = (await response.json()) as {
      product: { images: { url: string; thumbnailUrl: string }[] };
    };
    expect(saved.images).toHaveLength(1);
    const full = await owner.request(saved.images[0]?.url as string);
    expect(full.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
    const thumb = await owner.request(saved.images[0]?.thumbnailUrl as string);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([240, 240]);

    const notImage = new FormData();
    notImage.set('file', new Blob(['hello'], { type: 'image/png' }), 'x.png');
    const refused = await owner.request(`/api/products/${id}/images`, {
      method: 'POST',
      body: notImage,
    });
    expect(refused.status).toBe(400);
  });

  it('saves a product’s rules per surface and shows them in the grid', async () => {
    const stake = await product({ name: 'Stake' });
    const castle = await product({ name: 'Grid Castle', anchorPoints: 4 });
    const grass = await json<{ surface: { id: string } }>('POST', '/api/surfaces', {
      name: 'Grass',
    });
    const concrete = await json<{ surface: { id: string } }>('POST', '/api/surfaces', {
      name: 'Concrete',
    });
    const duplicate = await json('POST', '/api/surfaces', { name: 'grass' });
    expect(duplicate.status).toBe(400);
    const rules = [
      {
        surfaceId: grass.body.surface.id,
        allowed: 'yes',
        components: [{ productId: stake, quantity: 1, per: 'anchor' }],
      },
      {
        surfaceId: concrete.body.surface.id,
        allowed: 'approval',
        fee: { amount: 2_500, per: 'unit', taxable: true },
        crewNotes: 'Sandbags on every anchor',
      },
    ];
    const saved = await json<{ rules: unknown[] }>(
      'PUT',
      `/api/products/${castle}/surfaces`,
      rules,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.rules).toHaveLength(2);
    const grid = await json<{ products: { id: string; rules: { allowed: string }[] }[] }>(
      'GET',
      '/api/surfaces/rules',
    );
    const row = grid.body.products.find((p) => p.id === castle);
    expect(row?.rules.map((r) => r.allowed).sort()).toEqual(['approval', 'yes']);
  });
});

describe('availability', () => {
  it('answers per item with the buffers, and names the orders holding it', async () => {
    const tent = await product({ name: '20x20 Tent', quantity: 2, bufferAfterMinutes: 120 });
    const order = await newOrder('reserved');
    await writeHoldingLines(
      server.db,
      accountId,
      order.id,
      { times: party, lines: [line(tent)] },
      NOW,
    );

    const [same] = await availability(`${tent}:2`);
    expect(same).toMatchObject({ productId: tent, requested: 2, available: 1 });
    expect(same?.conflicts).toEqual([
      {
        orderId: order.id,
        number: order.number,
        quantity: 1,
        from: iso(SATURDAY),
        until: iso(SATURDAY + 8 * H),
      },
    ]);
    // The held range ends 2 h after the party (its buffer): a window starting there is free,
    // one starting a minute earlier is not (the window gets no buffer before).
    const [after] = await availability(`${tent}:1`, SATURDAY + 8 * H, SATURDAY + 10 * H);
    expect(after?.available).toBe(2);
    const [overlapping] = await availability(
      `${tent}:1`,
      SATURDAY + 8 * H - 60_000,
      SATURDAY + 10 * H,
    );
    expect(overlapping?.available).toBe(1);
  });

  it('never counts quotes or expired holds; a live hold counts', async () => {
    const table = await product({ name: 'Banquet Table', quantity: 1 });
    const quote = await newOrder('quote');
    await writeHoldingLines(
      server.db,
      accountId,
      quote.id,
      { times: party, lines: [line(table)] },
      NOW,
    );
    expect((await availability(`${table}:1`))[0]?.available).toBe(1);

    const expired = await newOrder('quote');
    await writeHoldingLines(
      server.db,
      accountId,
      expired.id,
      {
        times: party,
        lines: [line(table)],
        status: 'hold',
        holdExpiresAt: new Date(NOW.getTime() - 1),
      },
      NOW,
    );
    expect((await availability(`${table}:1`))[0]?.available).toBe(1);

    const live = await newOrder('quote');
    await writeHoldingLines(
      server.db,
      accountId,
      live.id,
      {
        times: party,
        lines: [line(table)],
        status: 'hold',
        holdExpiresAt: new Date(NOW.getTime() + H),
      },
      NOW,
    );
    expect((await availability(`${table}:1`))[0]?.available).toBe(0);
  });

  it('a hard downtime takes stock away and ending it gives it back; a soft one only warns', async () => {
    const generator = await product({ name: 'Generator', quantity: 3 });
    const hard = await json<{ downtime: { id: string } }>(
      'POST',
      `/api/products/${generator}/downtimes`,
      {
        quantity: 2,
        reason: 'repair',
        from: iso(NOW.getTime() - 24 * H),
        hard: true,
      },
    );
    expect(hard.status).toBe(201);
    await json('POST', `/api/products/${generator}/downtimes`, {
      quantity: 1,
      reason: 'cleaning',
      from: iso(SATURDAY - 48 * H),
      hard: false,
    });
    expect((await availability(`${generator}:1`))[0]?.available).toBe(1);
    const list = await json<{ downtimes: { productName: string }[] }>('GET', '/api/downtimes');
    expect(list.body.downtimes.filter((d) => d.productName === 'Generator')).toHaveLength(2);

    const ended = await json<{ downtime: { until: string } }>(
      'DELETE',
      `/api/downtimes/${hard.body.downtime.id}`,
    );
    expect(ended.body.downtime.until).toBe(NOW.toISOString());
    expect((await availability(`${generator}:1`))[0]?.available).toBe(3);
  });

  it('a bundle is as available as its scarcest component, and a product page shows its month', async () => {
    const chair = await product({ name: 'Chair', quantity: 40 });
    const table = await product({ name: 'Round Table', quantity: 10 });
    const packageId = await product({
      name: 'Backyard Party Package',
      components: [
        { productId: table, quantity: 2 },
        { productId: chair, quantity: 16 },
      ],
    });
    expect((await availability(`${packageId}:1`))[0]?.available).toBe(2); // 40 chairs / 16
    const order = await newOrder('reserved');
    await writeHoldingLines(
      server.db,
      accountId,
      order.id,
      { times: party, lines: [line(packageId)] },
      NOW,
    );
    expect((await availability(`${packageId}:1,${chair}:1`)).map((i) => i.available)).toEqual([
      1, 24,
    ]);

    const month = await json<{
      owned: number;
      days: { date: string; available: number; held: number }[];
      holders: { number: number; quantity: number; customerName: string }[];
    }>('GET', `/api/products/${chair}/availability?month=2026-06`);
    expect(month.status).toBe(200);
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.find((d) => d.date === '2026-06-13')).toMatchObject({
      available: 24,
      held: 16,
    });
    expect(month.body.days.find((d) => d.date === '2026-06-14')).toMatchObject({
      available: 40,
      held: 0,
    });
    expect(month.body.holders).toEqual([
      expect.objectContaining({
        number: order.number,
        quantity: 16,
        customerName: 'Test0001 Customer',
      }),
    ]);
  });

  it('answers 400 with field errors to a bad question', async () => {
    const badItems = await json<{ error: { fields: Record<string, string[]> } }>(
      'GET',
      `/api/availability?start=${iso(SATURDAY)}&end=${iso(SATURDAY + H)}&items=nope`,
    );
    expect(badItems.status).toBe(400);
    expect(badItems.body.error.fields).toEqual({ items: ['"nope" is not productId:quantity'] });
    const backwards = await json<{ error: { fields: Record<string, string[]> } }>(
      'GET',
      `/api/availability?start=${iso(SATURDAY)}&end=${iso(SATURDAY - H)}&items=${crypto.randomUUID()}:1`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ end: ['End must be after start'] });
  });
});

describe('the write path under concurrency', () => {
  it('lets exactly one of 50 concurrent bookings have the last unit; the rest get 409 with the shortage', async () => {
    const castle = await product({ name: 'Last Castle', quantity: 1 });
    const orders = await Promise.all(Array.from({ length: 50 }, () => newOrder('quote')));
    const results = await Promise.allSettled(
      orders.map((order) =>
        writeHoldingLines(
          server.db,
          accountId,
          order.id,
          { times: party, lines: [line(castle)], status: 'reserved' },
          NOW,
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(UnavailableError);
      expect((reason as UnavailableError).status).toBe(409);
      expect((reason as UnavailableError).shortages).toEqual([
        expect.objectContaining({ productId: castle, requested: 1, available: 0 }),
      ]);
    }
    expect((await availability(`${castle}:1`))[0]?.available).toBe(0);
  });

  it('lets exactly as many of 50 bookings of different bundles sharing a component through as stock allows', async () => {
    const blower = await product({ name: 'Shared Blower', quantity: 10 });
    const bundles = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        product({ name: `Combo ${i}`, components: [{ productId: blower, quantity: 1 }] }),
      ),
    );
    const orders = await Promise.all(bundles.map(() => newOrder('quote')));
    const results = await Promise.allSettled(
      bundles.map((bundle, i) =>
        writeHoldingLines(
          server.db,
          accountId,
          orders[i]?.id as string,
          { times: party, lines: [line(bundle)], status: 'reserved' },
          NOW,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[])
      expect((r.reason as UnavailableError).shortages).toEqual([
        expect.objectContaining({ productId: blower, requested: 1, available: 0 }),
      ]);
    expect((await availability(`${blower}:1`))[0]?.available).toBe(0);
  });

  it('books a shortage under an override and reports it', async () => {
    const slide = await product({ name: 'Override Slide', quantity: 1 });
    const first = await newOrder('quote');
    await writeHoldingLines(
      server.db,
      accountId,
      first.id,
      { times: party, lines: [line(slide)], status: 'reserved' },
      NOW,
    );
    const second = await newOrder('quote');
    const { shortages } = await writeHoldingLines(
      server.db,
      accountId,
      second.id,
      { times: party, lines: [line(slide)], status: 'reserved', override: true },
      NOW,
    );
    expect(shortages).toEqual([
      expect.objectContaining({ productId: slide, requested: 1, available: 0 }),
    ]);
    expect((await availability(`${slide}:1`))[0]?.available).toBe(0);
  });
});
