import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { memberships, users } from '../src/auth/tables.js';
import { expireHolds } from '../src/features/orders/jobs.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 17: the orders API on top of inventory's write path, on an account of its own.

let server: TestServer;
let owner: HttpClient;
let clerk: HttpClient;
let customerId: string;
const NOW = new Date('2026-06-01T12:00:00Z');

type Order = {
  id: string;
  number: number;
  status: string;
  lines: {
    kind: string;
    productId: string | null;
    quantity: number;
    amount: number;
    description: string;
    custom?: boolean;
    taxable?: boolean | null;
  }[];
  totals: { rentalSubtotal: number; fees: number; tax?: number; total: number; balance: number };
};

async function product(fields: Record<string, unknown>) {
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
    ...fields,
  });
  return body.product.id;
}

const party = { eventStart: '2026-06-13T15:00:00Z', eventEnd: '2026-06-13T23:00:00Z' };

async function newOrder(
  lines: { productId: string; quantity: number }[],
  more: Record<string, unknown> = {},
) {
  const { status, body } = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
    customerId,
    ...party,
    fulfilment: 'delivery',
    lines,
    ...more,
  });
  expect(status).toBe(201);
  return body.order;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Orders Rentals',
    email: 'orders-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  const clerkAccount = await createAccountWithUser(server.db, {
    name: 'Clerk Elsewhere',
    email: 'orders-clerk@tentpole.test',
  });
  void clerkAccount;
  owner = await server.signIn(account.email);
  clerk = await server.signIn('orders-clerk@tentpole.test');
  const [customer] = await createCustomers(server.db, account.accountId, 1);
  customerId = customer?.id as string;
});
afterAll(() => server?.close());

describe('orders', () => {
  it('prices custom fees and manual discounts, keeps them through changes and moves, and asks order.override for a discount', async () => {
    const generator = await product({ name: 'Fee generator', quantity: 10 });
    const made = await apiCall<{
      order: Order & { lines: { custom: boolean; taxable: boolean | null }[] };
    }>(owner, 'POST', '/api/orders', {
      customerId,
      ...party,
      fulfilment: 'pickup',
      lines: [{ productId: generator, quantity: 1 }],
      fees: [{ description: 'Stairs (3 flights)', amount: 2_500, taxable: false }],
      discounts: [{ description: 'Returning school', amount: 1_000 }],
    });
    expect(made.status).toBe(201);
    const order = made.body.order;
    expect(
      order.lines
        .filter((l) => l.kind !== 'product')
        .map((l) => [l.kind, l.description, l.amount, l.custom, l.taxable]),
    ).toEqual([
      ['fee', 'Stairs (3 flights)', 2_500, true, false],
      ['discount', 'Returning school', -1_000, true, null],
    ]);
    expect(order.totals).toMatchObject({ rentalSubtotal: 15_000, fees: 2_500 });
    expect(order.totals.total).toBe(15_000 + 2_500 - 1_000 + (order.totals.tax ?? 0));

    // A change of lines keeps them; a move into a holding status keeps them.
    const changed = await apiCall<{ order: Order }>(owner, 'PATCH', `/api/orders/${order.id}`, {
      lines: [{ productId: generator, quantity: 2 }],
    });
    expect(changed.body.order.totals).toMatchObject({ rentalSubtotal: 30_000, fees: 2_500 });
    const held = await apiCall<{ order: Order }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      {
        to: 'hold',
      },
    );
    expect(held.body.order.lines.filter((l) => l.kind === 'discount')).toHaveLength(1);
    expect(held.body.order.totals.total).toBe(changed.body.order.totals.total);

    // A member without order.override changes the rest, but cannot give a discount.
    const passwordHash = await hashPassword('tentpole-demo');
    const [clerkUser] = await server.db
      .insert(users)
      .values({ email: 'orders-desk@tentpole.test', name: 'Desk', passwordHash })
      .returning({ id: users.id });
    const [membership] = await server.db
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, 'orders-owner@tentpole.test'));
    await server.db.insert(memberships).values({
      accountId: membership?.accountId as string,
      userId: clerkUser?.id as string,
      kind: 'member',
      roles: ['tentpole:order.write', 'tentpole:customer.read', 'tentpole:product.read'],
    });
    const desk = await server.signIn('orders-desk@tentpole.test');
    const kept = await apiCall<{ order: Order }>(desk, 'PATCH', `/api/orders/${order.id}`, {
      fees: [{ description: 'Stairs (3 flights)', amount: 3_000, taxable: false }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.order.totals.fees).toBe(3_000);
    const refused = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      desk,
      'PATCH',
      `/api/orders/${order.id}`,
      { discounts: [{ description: 'Friend', amount: 5_000 }] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      discounts: ['Giving a discount needs the order.override permission'],
    });
  });

  it('numbers ten orders created at the same moment one apart, none refused', async () => {
    const chair = await product({ name: 'Numbered chair', quantity: 100 });
    const made = await Promise.all(
      Array.from({ length: 10 }, () =>
        apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
          customerId,
          ...party,
          fulfilment: 'pickup',
          lines: [{ productId: chair, quantity: 1 }],
        }),
      ),
    );
    expect(made.map((m) => m.status)).toEqual(Array(10).fill(201));
    const numbers = made.map((m) => m.body.order.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(9);
  });

  it('creates a draft priced from its products, with the surface fee and the bundle components', async () => {
    const blower = await product({ name: 'Blower', quantity: 5 });
    const castle = await product({
      name: 'Castle',
      quantity: 2,
      anchorPoints: 4,
      accessories: [{ productId: blower, quantity: 1, required: true }],
    });
    const { body: surface } = await apiCall<{ surface: { id: string } }>(
      owner,
      'POST',
      '/api/surfaces',
      {
        name: 'Concrete',
      },
    );
    await apiCall(owner, 'PUT', `/api/products/${castle}/surfaces`, [
      {
        surfaceId: surface.surface.id,
        allowed: 'yes',
        fee: { amount: 500, per: 'anchor', taxable: false },
      },
    ]);
    const order = await newOrder([{ productId: castle, quantity: 2 }], {
      surfaceId: surface.surface.id,
    });
    expect(order.status).toBe('draft');
    expect(order.lines.map((l) => [l.kind, l.quantity, l.amount])).toEqual([
      ['product', 2, 30_000],
      ['component', 2, 0],
      ['fee', 1, 4_000], // $5 per anchor × 4 anchors × 2 units
    ]);
    expect(order.totals).toMatchObject({ rentalSubtotal: 30_000, fees: 4_000 });
  });

  it('previews what an order being edited costs, the same totals as saving it, saving nothing', async () => {
    const chair = await product({ name: 'Preview chair', quantity: 50 });
    const body = { ...party, lines: [{ productId: chair, quantity: 3 }], damageWaiver: false };
    const before = await apiCall<{ total: number }>(owner, 'GET', '/api/orders');
    const preview = await apiCall<{
      lines: { name: string; amount: number; explanation: string | null }[];
      totals: Order['totals'];
    }>(owner, 'POST', '/api/orders/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.lines).toEqual([
      expect.objectContaining({ name: 'Preview chair', quantity: 3, amount: 45_000 }),
    ]);
    const after = await apiCall<{ total: number }>(owner, 'GET', '/api/orders');
    expect(after.body.total).toBe(before.body.total);
    const saved = await newOrder(body.lines, { damageWaiver: false });
    expect(preview.body.totals).toEqual(saved.totals);
    // Another account's product is unknown; bad dates are field errors, not a 500.
    const foreign = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      clerk,
      'POST',
      '/api/orders/preview',
      body,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields['lines.0.productId']).toEqual(['Unknown product']);
    const backwards = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      '/api/orders/preview',
      { eventStart: party.eventEnd, eventEnd: party.eventStart },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.eventEnd).toBeDefined();
  });

  it('moves along the state machine and refuses what it forbids', async () => {
    const tent = await product({ name: 'Tent', quantity: 1 });
    const order = await newOrder([{ productId: tent, quantity: 1 }]);
    const held = await apiCall<{ order: Order & { holdExpiresAt: string } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      { to: 'hold' },
    );
    expect(held.status).toBe(200);
    expect(held.body.order.status).toBe('hold');
    expect(held.body.order.holdExpiresAt).toBe(
      new Date(NOW.getTime() + 48 * 3_600_000).toISOString(),
    );
    const skip = await apiCall<{ error: { code: string } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      {
        to: 'completed',
      },
    );
    expect(skip.status).toBe(409);
    expect(skip.body.error.code).toBe('invalid_transition');
    const noReason = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      { to: 'cancelled' },
    );
    expect(noReason.status).toBe(400);
    const cancelled = await apiCall<{ order: Order }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      {
        to: 'cancelled',
        reason: 'Rained out',
      },
    );
    expect(cancelled.body.order.status).toBe('cancelled');
    const activity = await apiCall<{ activity: { action: string }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/activity`,
    );
    expect(activity.body.activity.map((a) => a.action)).toEqual(['created', 'status', 'status']);
  });

  it('answers 409 with the conflicting order when a reserve would double-book', async () => {
    const slide = await product({ name: 'Water Slide', quantity: 1 });
    const first = await newOrder([{ productId: slide, quantity: 1 }]);
    expect(
      (await apiCall(owner, 'POST', `/api/orders/${first.id}/transitions`, { to: 'reserved' }))
        .status,
    ).toBe(200);
    const second = await newOrder([{ productId: slide, quantity: 1 }]);
    const refused = await apiCall<{
      error: { code: string; shortages: { productId: string; conflicts: { number: number }[] }[] };
    }>(owner, 'POST', `/api/orders/${second.id}/transitions`, { to: 'reserved' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('unavailable');
    expect(refused.body.error.shortages).toEqual([
      expect.objectContaining({
        productId: slide,
        conflicts: [expect.objectContaining({ number: first.number })],
      }),
    ]);
    // Moving the second party to the next day makes room.
    const moved = await apiCall<{ order: Order }>(owner, 'PATCH', `/api/orders/${second.id}`, {
      eventStart: '2026-06-14T15:00:00Z',
      eventEnd: '2026-06-14T23:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(
      (await apiCall(owner, 'POST', `/api/orders/${second.id}/transitions`, { to: 'reserved' }))
        .status,
    ).toBe(200);
    // And moving it back onto the first one's day is refused: it now holds stock.
    const back = await apiCall<{ error: { code: string } }>(
      owner,
      'PATCH',
      `/api/orders/${second.id}`,
      party,
    );
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe('unavailable');
    // The refused change left the order as it was: its dates too, not only its stock.
    const kept = await apiCall<{ order: { eventStart: string; eventEnd: string } }>(
      owner,
      'GET',
      `/api/orders/${second.id}`,
    );
    expect(kept.body.order).toMatchObject({
      eventStart: '2026-06-14T15:00:00.000Z',
      eventEnd: '2026-06-14T23:00:00.000Z',
    });
  });

  it('sends an expired hold back to quote exactly once, however many sweeps race', async () => {
    const booth = await product({ name: 'Photo Booth', quantity: 1 });
    const order = await newOrder([{ productId: booth, quantity: 1 }]);
    await apiCall(owner, 'POST', `/api/orders/${order.id}/transitions`, { to: 'hold' });
    const later = new Date(NOW.getTime() + 49 * 3_600_000);
    // Two instances' sweeps at once (on PostgreSQL, two connections).
    const [a, b] = await Promise.all([
      expireHolds(server.db, later),
      expireHolds(server.db, later),
    ]);
    expect([...a, ...b].filter((id) => id === order.id)).toHaveLength(1);
    const { body } = await apiCall<{ order: Order }>(owner, 'GET', `/api/orders/${order.id}`);
    expect(body.order.status).toBe('quote');
    const activity = await apiCall<{ activity: { action: string; detail: { reason?: string } }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/activity`,
    );
    expect(
      activity.body.activity.filter((a) => a.detail.reason === 'The hold expired'),
    ).toHaveLength(1);
  });

  it('a unit returned damaged leaves stock: inventory opens a hard downtime for it', async () => {
    const castle = await product({ name: 'Returned Castle', quantity: 2 });
    const order = await newOrder([{ productId: castle, quantity: 2 }]);
    // The owner may confirm unsigned (order.override, through '*').
    for (const to of ['reserved', 'confirmed', 'out'])
      expect(
        (await apiCall(owner, 'POST', `/api/orders/${order.id}/transitions`, { to })).status,
      ).toBe(200);
    const { body: full } = await apiCall<{ order: { lines: { id: string; kind: string }[] } }>(
      owner,
      'GET',
      `/api/orders/${order.id}`,
    );
    const lineId = full.order.lines.find((l) => l.kind === 'product')?.id as string;
    const tooMany = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      { to: 'returned', returns: [{ lineId, damaged: 2, missing: 1 }] },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields['returns.0.damaged']).toEqual([
      'At most 2 went out on this line',
    ]);
    const returned = await apiCall<{ order: { status: string } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/transitions`,
      {
        to: 'returned',
        returns: [{ lineId, damaged: 1 }],
      },
    );
    expect(returned.body.order.status).toBe('returned');
    const downtimes = await vi.waitFor(
      async () => {
        const { body } = await apiCall<{
          downtimes: { quantity: number; reason: string; hard: boolean; note: string }[];
        }>(owner, 'GET', `/api/products/${castle}/downtimes`);
        if (body.downtimes.length === 0) throw new Error('no downtime yet');
        return body.downtimes;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(downtimes).toEqual([
      expect.objectContaining({
        quantity: 1,
        reason: 'damaged',
        hard: true,
        note: `Returned damaged on order #${order.number}`,
      }),
    ]);
  });

  it('lists orders by status and search, and hides them from other accounts', async () => {
    const chair = await product({ name: 'Chair', quantity: 100 });
    const order = await newOrder([{ productId: chair, quantity: 10 }]);
    const list = await apiCall<{ orders: { id: string }[]; total: number }>(
      owner,
      'GET',
      `/api/orders?status=draft&search=${order.number}`,
    );
    expect(list.body.orders.map((o) => o.id)).toEqual([order.id]);
    // The dashboard's Orders This Week: created since an instant; the totals row sums them.
    const recent = await apiCall<{ orders: { id: string; total: number }[]; totalAmount: number }>(
      owner,
      'GET',
      `/api/orders?createdFrom=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
    );
    expect(recent.body.orders.map((o) => o.id)).toContain(order.id);
    expect(recent.body.totalAmount).toBe(recent.body.orders.reduce((s, o) => s + o.total, 0));
    const future = await apiCall<{ total: number; totalAmount: number }>(
      owner,
      'GET',
      `/api/orders?createdFrom=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    );
    expect(future.body).toMatchObject({ total: 0, totalAmount: 0 });
    expect((await apiCall(clerk, 'GET', `/api/orders/${order.id}`)).status).toBe(404);
    const theirs = await apiCall<{ orders: unknown[] }>(clerk, 'GET', '/api/orders');
    expect(theirs.body.orders).toEqual([]);
  });

  it('charges a tax-exempt order no tax, and keeps the choice when it is changed', async () => {
    await server.db.execute(
      sql`update accounts set settings = jsonb_set(settings, '{orders}', '{"taxRateBps": 825}'::jsonb) where name = 'Orders Rentals'`,
    );
    try {
      const tent = await product({ name: 'Taxed tent', quantity: 3 });
      const taxed = await newOrder([{ productId: tent, quantity: 1 }], { damageWaiver: false });
      expect(taxed.totals).toMatchObject({ rentalSubtotal: 15_000, tax: 1_238, total: 16_238 });
      const exempt = await newOrder([{ productId: tent, quantity: 1 }], {
        damageWaiver: false,
        taxExempt: true,
      });
      expect(exempt.totals).toMatchObject({ tax: 0, total: 15_000 });
      const changed = await apiCall<{ order: Order & { taxExempt: boolean } }>(
        owner,
        'PATCH',
        `/api/orders/${exempt.id}`,
        { lines: [{ productId: tent, quantity: 2 }] },
      );
      expect(changed.body.order.taxExempt).toBe(true);
      expect(changed.body.order.totals).toMatchObject({ tax: 0, total: 30_000 });
      const preview = await apiCall<{ totals: { tax: number } }>(
        owner,
        'POST',
        '/api/orders/preview',
        {
          ...party,
          lines: [{ productId: tent, quantity: 1 }],
          damageWaiver: false,
          taxExempt: false,
        },
      );
      expect(preview.body.totals.tax).toBe(1_238);
    } finally {
      await server.db.execute(
        sql`update accounts set settings = settings - 'orders' where name = 'Orders Rentals'`,
      );
    }
  });

  it('answers the calendar: orders overlapping the range, with lines, never another account’s', async () => {
    const swing = await product({ name: 'Calendar swing', quantity: 9 });
    const inside = await newOrder([{ productId: swing, quantity: 2 }]);
    const later = await newOrder([{ productId: swing, quantity: 1 }], {
      eventStart: '2026-08-01T15:00:00Z',
      eventEnd: '2026-08-01T23:00:00Z',
    });
    const june = await apiCall<{
      orders: { id: string; lines: { name: string; quantity: number }[]; balance: number }[];
    }>(owner, 'GET', '/api/orders/calendar?from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z');
    expect(june.status).toBe(200);
    const ids = june.body.orders.map((o) => o.id);
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(later.id);
    expect(june.body.orders.find((o) => o.id === inside.id)?.lines).toEqual([
      { productId: swing, name: 'Calendar swing', quantity: 2 },
    ]);
    const theirs = await apiCall<{ orders: unknown[] }>(
      clerk,
      'GET',
      '/api/orders/calendar?from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z',
    );
    expect(theirs.body.orders).toEqual([]);
    const tooLong = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'GET',
      '/api/orders/calendar?from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z',
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.to).toEqual(['At most 62 days at a time']);
  });

  it('refuses unknown products and customers with field errors', async () => {
    const bad = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      '/api/orders',
      {
        customerId: crypto.randomUUID(),
        ...party,
        fulfilment: 'delivery',
        lines: [{ productId: crypto.randomUUID(), quantity: 1 }],
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('customerId');
  });
});

describe('documents', () => {
  it('renders quote, contract and invoice PDFs that parse, kept as revisions', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const tent = await product({ name: 'Tent 20×20 — Größe XL', quantity: 3 });
    const order = await newOrder([{ productId: tent, quantity: 1 }], {
      notes: { customer: 'Gate code 4242', internal: 'Never show this' },
    });
    const quote = await apiCall<{
      document: { id: string; title: string; pdfUrl: string; sha256: string };
    }>(owner, 'POST', `/api/orders/${order.id}/documents`, { kind: 'quote' });
    expect(quote.status).toBe(201);
    expect(quote.body.document.title).toBe(`Quote #${order.number}`);
    const pdf = await owner.request(quote.body.document.pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(parsed.getTitle()).toBe(`Quote #${order.number}`);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(quote.body.document.sha256);

    const again = await apiCall<{ document: { title: string; revision: number } }>(
      owner,
      'POST',
      `/api/orders/${order.id}/documents`,
      { kind: 'quote' },
    );
    expect(again.body.document).toMatchObject({
      revision: 2,
      title: `Quote #${order.number} (revision 2)`,
    });
    for (const kind of ['contract', 'invoice']) {
      const made = await apiCall<{ document: { pdfUrl: string } }>(
        owner,
        'POST',
        `/api/orders/${order.id}/documents`,
        { kind },
      );
      const doc = await PDFDocument.load(
        new Uint8Array(await (await owner.request(made.body.document.pdfUrl)).arrayBuffer()),
      );
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    }
    const list = await apiCall<{ documents: { kind: string }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/documents`,
    );
    expect(list.body.documents.map((d) => d.kind).sort()).toEqual([
      'contract',
      'invoice',
      'quote',
      'quote',
    ]);
    expect((await clerk.request(quote.body.document.pdfUrl)).status).toBe(404);
  });
});
