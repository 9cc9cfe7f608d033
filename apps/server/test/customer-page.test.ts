import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSignatures } from '../src/features/orders/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { orderPagePath, postPartyOrder } from './helpers/orders.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 17 item 8: the customer's order page at /o/{token}: public, unguessable, revocable,
// showing nothing internal; accept and sign records who, when, where and on which bytes.

let server: TestServer;
let owner: HttpClient;
let customerId: string;
const NOW = new Date('2026-06-01T12:00:00Z');

async function product(name: string, more: Record<string, unknown> = {}) {
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name,
    pricing: { mode: 'flat', amount: 20_000 },
    ...more,
  });
  return body.product.id;
}

const orderWith = (productId: string, notes?: Record<string, string>) =>
  postPartyOrder(owner, { customerId, productId, more: notes ? { notes } : {} });

const linkOf = (orderId: string) => orderPagePath(owner, orderId);

const visit = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });

function signForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.baseUrl,
      'user-agent': 'CustomerPhone/1.0 (test)',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  };
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Portal Rentals',
    email: 'portal-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, account.accountId, 1);
  customerId = customer?.id as string;
});
afterAll(() => server?.close());

describe('the customer order page', () => {
  it('shows the order as the customer sees it, and nothing internal', async () => {
    const blower = await product('Blower Zeta-9');
    const castle = await product('Castle Royale', {
      quantity: 2,
      accessories: [{ productId: blower, quantity: 1, required: true }],
    });
    const other = await orderWith(castle);
    const order = await orderWith(castle, {
      internal: 'SECRET-INTERNAL gate is broken, charge extra',
      customer: 'Gate code 4242',
    });
    const path = await linkOf(order.id);
    expect(path).toMatch(/^\/o\/[A-Za-z0-9_-]{32}$/);
    const response = await visit(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(`Order #${order.number}`);
    expect(html).toContain('Castle Royale');
    expect(html).toContain('Gate code 4242');
    expect(html).toContain('$200.00');
    for (const hidden of [
      'SECRET-INTERNAL',
      'Blower Zeta-9',
      'portal-owner@tentpole.test',
      `#${other.number}`,
      order.id,
      customerId,
    ])
      expect(html).not.toContain(hidden);
    // The same link again; a made-up one is a 404.
    expect(await linkOf(order.id)).toBe(path);
    expect((await visit('/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('signs: records name, time, IP, user agent and the SHA-256, books the order, keeps a signed PDF', async () => {
    const tent = await product('Frame Tent', { quantity: 1 });
    const order = await orderWith(tent);
    const path = await linkOf(order.id);

    const refused = await visit(`${path}/sign`, signForm({ name: 'Pat Customer' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('tick that you agree');

    const crossSite = await visit(
      `${path}/sign`,
      signForm(
        { name: 'Pat', agree: 'yes' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      ),
    );
    expect(crossSite.status).toBe(403);

    const png = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const signed = await visit(
      `${path}/sign`,
      signForm({
        name: 'Pat Customer',
        agree: 'yes',
        drawing: `data:image/png;base64,${png.toString('base64')}`,
      }),
    );
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${path}?signed=1`);
    expect(await (await visit(`${path}?signed=1`)).text()).toContain('your agreement is signed');

    const { body } = await apiCall<{ order: { status: string } }>(
      owner,
      'GET',
      `/api/orders/${order.id}`,
    );
    // Reserved by the signature, and confirmed at once: this account asks no booking deposit.
    expect(body.order.status).toBe('confirmed');
    const docs = await apiCall<{
      documents: { id: string; kind: string; status: string; sha256: string }[];
    }>(owner, 'GET', `/api/orders/${order.id}/documents`);
    const contract = docs.body.documents.find((d) => d.kind === 'contract');
    expect(contract?.status).toBe('signed');
    const [record] = await server.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentId, contract?.id as string));
    expect(record).toMatchObject({
      signerName: 'Pat Customer',
      ip: '127.0.0.1',
      userAgent: 'CustomerPhone/1.0 (test)',
      documentSha256: contract?.sha256,
      drawn: true,
    });
    expect(record?.signedAt.toISOString()).toBe(NOW.toISOString());
    const original = await PDFDocument.load(
      new Uint8Array(
        await (await owner.request(`/api/documents/${contract?.id}/pdf`)).arrayBuffer(),
      ),
    );
    const copy = await PDFDocument.load(
      new Uint8Array(await (await visit(`${path}/documents/${contract?.id}`)).arrayBuffer()),
    );
    expect(copy.getPageCount()).toBe(original.getPageCount() + 1);

    const again = await visit(`${path}/sign`, signForm({ name: 'Pat Customer', agree: 'yes' }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This agreement is already signed.');
  });

  it('does not sign an order whose items are no longer free, and says why', async () => {
    const slide = await product('Only Slide', { quantity: 1 });
    const first = await orderWith(slide);
    await apiCall(owner, 'POST', `/api/orders/${first.id}/transitions`, { to: 'reserved' });
    const second = await orderWith(slide);
    const path = await linkOf(second.id);
    const response = await visit(`${path}/sign`, signForm({ name: 'Late Customer', agree: 'yes' }));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('no longer free for your dates');
    const signatures = await server.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.orderId, second.id));
    expect(signatures).toEqual([]);
  });

  it('shows a change made after signing as the difference only, for the customer to approve', async () => {
    const castle = await product('Approval Castle', { quantity: 5 });
    const chairs = await product('Approval Chair', {
      quantity: 100,
      pricing: { mode: 'flat', amount: 300 },
    });
    const order = await orderWith(castle);
    const path = await linkOf(order.id);
    expect(
      (await visit(`${path}/sign`, signForm({ name: 'Pat Customer', agree: 'yes' }))).status,
    ).toBe(303);
    // Nothing changed yet: nothing to approve.
    expect(await (await visit(path)).text()).not.toContain('Changes since you signed');

    const changed = await apiCall<{ order: { changesSinceSigned: { kind: string }[] } }>(
      owner,
      'PATCH',
      `/api/orders/${order.id}`,
      {
        lines: [
          { productId: castle, quantity: 1 },
          { productId: chairs, quantity: 10 },
        ],
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.order.changesSinceSigned.map((c) => c.kind)).toEqual(['added', 'total']);
    const attention = await apiCall<{ orders: { id: string }[] }>(
      owner,
      'GET',
      '/api/orders?status=attention&pageSize=100',
    );
    expect(attention.body.orders.map((o) => o.id)).toContain(order.id);

    const html = await (await visit(path)).text();
    expect(html).toContain('Changes since you signed');
    expect(html).toContain('Added: Approval Chair × 10 ($30.00)');
    expect(html).toContain('Total: $200.00 → $230.00 (+$30.00)');
    // The difference only: what did not change is not listed as a change.
    expect(html).not.toContain('Added: Approval Castle');

    const missing = await visit(`${path}/approve`, signForm({ name: 'Pat Customer' }));
    expect(missing.status).toBe(400);
    const approved = await visit(
      `${path}/approve`,
      signForm({ name: 'Pat Customer', agree: 'yes' }),
    );
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`${path}?approved=1`);
    const after = await apiCall<{ order: { changesSinceSigned: unknown[] } }>(
      owner,
      'GET',
      `/api/orders/${order.id}`,
    );
    expect(after.body.order.changesSinceSigned).toEqual([]);
    const log = await apiCall<{ activity: { action: string; detail: Record<string, unknown> }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/activity`,
    );
    expect(log.body.activity.find((a) => a.action === 'changes_approved')?.detail).toMatchObject({
      name: 'Pat Customer',
      userAgent: 'CustomerPhone/1.0 (test)',
    });
    // Changing it back to what was approved needs no approval.
    await apiCall(owner, 'PATCH', `/api/orders/${order.id}`, {
      lines: [{ productId: castle, quantity: 1 }],
    });
    await apiCall(owner, 'PATCH', `/api/orders/${order.id}`, {
      lines: [
        { productId: castle, quantity: 1 },
        { productId: chairs, quantity: 10 },
      ],
    });
    const back = await apiCall<{ order: { changesSinceSigned: unknown[] } }>(
      owner,
      'GET',
      `/api/orders/${order.id}`,
    );
    expect(back.body.order.changesSinceSigned).toEqual([]);
    // Another customer's token cannot approve it.
    expect(
      (
        await visit(
          '/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/approve',
          signForm({ name: 'X', agree: 'yes' }),
        )
      ).status,
    ).toBe(404);
  });

  it('takes site photos from the customer, re-encoded without their location, for staff to see', async () => {
    const slide = await product('Photo Slide', { quantity: 2 });
    const order = await orderWith(slide);
    const path = await linkOf(order.id);
    // A phone photo carries EXIF (here an orientation and a camera make); it is not kept.
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Secret Location Cam' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const upload = (files: { name: string; type: string; bytes: Buffer }[]) => {
      const form = new FormData();
      for (const f of files)
        form.append('photos', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return visit(`${path}/photos`, {
        method: 'POST',
        headers: { origin: server.baseUrl },
        body: form,
      });
    };
    const sent = await upload([
      { name: 'yard.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'gate.jpg', type: 'image/jpeg', bytes: jpeg },
    ]);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${path}?photos=1`);
    const html = await (await visit(`${path}?photos=1`)).text();
    expect(html).toContain('your photos are with the crew');
    expect(html.match(/alt="Your setup site, \d of 2"/g)).toHaveLength(2);

    const bad = await upload([
      { name: 'notes.txt', type: 'image/jpeg', bytes: Buffer.from('not a photo') },
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('One of the files is not a photo we can read');

    const list = await apiCall<{ photos: { id: string; url: string; thumbnailUrl: string }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/photos`,
    );
    expect(list.body.photos).toHaveLength(2);
    const full = await owner.request(list.body.photos[0]?.url as string);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    const kept = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.width).toBe(800);
    // The customer's link shows its own order's photos only; another account sees none.
    const customerCopy = await visit(`${path}/photos/${list.body.photos[1]?.id}/thumbnail`);
    expect(customerCopy.status).toBe(200);
    expect(
      (await visit(`/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/photos/${list.body.photos[1]?.id}/full`))
        .status,
    ).toBe(404);
    const stranger = await createAccountWithUser(server.db, {
      name: 'Elsewhere Rentals',
      email: 'photos-stranger@tentpole.test',
    });
    const other = await server.signIn(stranger.email);
    expect((await other.request(list.body.photos[0]?.url as string)).status).toBe(404);
  });

  it('stops opening once staff revoke the link', async () => {
    const chair = await product('Chair', { quantity: 50 });
    const order = await orderWith(chair);
    const path = await linkOf(order.id);
    expect((await visit(path)).status).toBe(200);
    expect((await owner.request(`/api/orders/${order.id}/link`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await visit(path)).status).toBe(404);
    expect(await linkOf(order.id)).not.toBe(path);
  });
});
