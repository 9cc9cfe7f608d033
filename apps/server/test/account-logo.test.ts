import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { accountLogos } from '../src/features/accounts/tables.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Decision 0055: the account's logo is uploaded (Settings → Account), re-encoded through the
// product images' pipeline, kept in the database, served to anyone by its random address, and
// shown by the store and the e-mails.

let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
let reader: HttpClient;
let accountId: string;
let otherAccountId: string;

type Logo = { logo: string | null };
type Refusal = { error: { code: string; fields?: Record<string, string[]> } };

function upload(client: HttpClient, file: Blob | null, name = 'logo.jpg', field = 'file') {
  const form = new FormData();
  if (file) form.set(field, file, name);
  return client.request('/api/account/logo', { method: 'POST', body: form });
}

/** A 2000 × 1000 JPEG from a camera: EXIF with the maker and a copyright, lying on its side. */
async function cameraJpeg() {
  const bytes = await sharp({
    create: { width: 2000, height: 1000, channels: 3, background: '#c33' },
  })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'Secret Camera Co', Copyright: 'Do not leak' } },
    })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

async function png(width: number, height: number, background = '#36c') {
  const bytes = await sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

const logoRows = (id: string) =>
  server.db
    .select({ id: accountLogos.id })
    .from(accountLogos)
    .where(eq(accountLogos.accountId, id));

const logoOf = async (id: string) =>
  (await server.db.select({ logo: accounts.logo }).from(accounts).where(eq(accounts.id, id)))[0]
    ?.logo;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Logo Rentals',
    email: 'account-logo-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const another = await createAccountWithUser(server.db, {
    name: 'Other Logo Rentals',
    email: 'account-logo-other@tentpole.test',
  });
  otherAccountId = another.accountId;
  other = await server.signIn(another.email);
  const onlyReads = await createAccountWithUser(server.db, {
    name: 'Logo Readers',
    email: 'account-logo-reader@tentpole.test',
    roles: ['tentpole:account.read'],
  });
  reader = await server.signIn(onlyReads.email);
});
afterAll(() => server?.close());

describe('the account logo', () => {
  it('keeps an uploaded JPEG as an upright WebP within 512 px, without its EXIF, for anyone to load', async () => {
    const response = await upload(owner, await cameraJpeg());
    expect(response.status).toBe(200);
    const { logo } = (await response.json()) as Logo;
    expect(logo).toMatch(/^\/api\/account-logos\/[0-9a-f-]{36}$/);
    expect(await logoOf(accountId)).toBe(logo);

    // Not signed in: the store and the e-mails show it to customers.
    const served = await server.client().get(logo as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    // 2000 × 1000 on its side (orientation 6) is 1000 × 2000 upright, fitted within 512.
    expect([meta.width, meta.height]).toEqual([256, 512]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('Secret Camera Co')).toBe(false);
    expect(bytes.includes('Do not leak')).toBe(false);
  });

  it('takes a logo of several megabytes (uploads may be up to 10 MB, not the 1 MB of other bodies)', async () => {
    const noisy = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload(
      owner,
      new Blob([new Uint8Array(noisy)], { type: 'image/png' }),
      'big.png',
    );
    expect(response.status).toBe(200);
    const { logo } = (await response.json()) as Logo;
    const meta = await sharp(
      Buffer.from(await (await owner.get(logo as string)).arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('leaves a small logo its size', async () => {
    const { logo } = (await (await upload(owner, await png(120, 60), 'small.png')).json()) as Logo;
    const meta = await sharp(
      Buffer.from(await (await owner.get(logo as string)).arrayBuffer()),
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 60]);
  });

  it('replaces the old logo: its bytes are gone and its address answers 404', async () => {
    const first = ((await (await upload(owner, await png(300, 300))).json()) as Logo).logo;
    const second = ((await (await upload(owner, await png(200, 100, '#3c3'))).json()) as Logo).logo;
    expect(second).not.toBe(first);
    expect(await logoRows(accountId)).toHaveLength(1);
    expect((await server.client().get(first as string)).status).toBe(404);
    expect((await server.client().get(second as string)).status).toBe(200);
    expect(await logoOf(accountId)).toBe(second);
  });

  it('refuses a missing file, a file that is not an image, an SVG and a file over 10 MB with 400s', async () => {
    const before = await logoOf(accountId);
    const fieldsOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as Refusal).error.fields;
    };
    expect(await fieldsOf(await upload(owner, null))).toEqual({
      file: ['Choose an image to upload'],
    });
    expect(
      await fieldsOf(await upload(owner, new Blob(['hello'], { type: 'image/png' }), 'x.png')),
    ).toEqual({ file: ['This file is not an image we can read'] });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    expect(
      await fieldsOf(await upload(owner, new Blob([svg], { type: 'image/svg+xml' }), 'x.svg')),
    ).toEqual({ file: ['Upload a JPEG, PNG or WebP image'] });
    // An SVG that says it is a PNG is decoded, seen to be an SVG and refused, not rendered.
    expect(
      await fieldsOf(await upload(owner, new Blob([svg], { type: 'image/png' }), 'x.png')),
    ).toEqual({ file: ['This file is not an image we can read'] });
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' });
    expect(await fieldsOf(await upload(owner, huge, 'huge.png'))).toEqual({
      file: ['Images must be at most 10 MB'],
    });
    const json = await owner.json('POST', '/api/account/logo', { file: 'logo.png' });
    expect(json.status).toBe(400);
    expect(await logoOf(accountId)).toBe(before);
  });

  it('needs account.write to upload or remove: a member who may only read gets 403', async () => {
    expect((await upload(reader, await png(10, 10))).status).toBe(403);
    expect((await reader.request('/api/account/logo', { method: 'DELETE' })).status).toBe(403);
    expect((await upload(server.client(), await png(10, 10))).status).toBe(401);
  });

  it("lets no other account remove this account's logo", async () => {
    const mine = ((await (await upload(owner, await png(64, 64))).json()) as Logo).logo;
    const theirs = ((await (await upload(other, await png(64, 64, '#fc0'))).json()) as Logo).logo;
    const removed = await other.request('/api/account/logo', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ logo: null });
    expect((await server.client().get(theirs as string)).status).toBe(404);
    expect(await logoRows(otherAccountId)).toHaveLength(0);
    expect(await logoOf(otherAccountId)).toBeNull();
    // Ours is untouched.
    expect(await logoOf(accountId)).toBe(mine);
    expect((await server.client().get(mine as string)).status).toBe(200);
  });

  it('is shown by the store and the e-mails, absolute in e-mails', async () => {
    const { logo } = (await (await upload(owner, await png(90, 90))).json()) as Logo;
    expect(
      (await owner.json('PUT', '/api/store/settings', { slug: 'logo-rentals', holdMinutes: 30 }))
        .status,
    ).toBe(200);
    const page = await (await server.client().get('/s/logo-rentals')).text();
    expect(page).toContain(`<img src="${logo}" alt="">`);

    const preview = await owner.json('POST', '/api/email/templates/quote/preview', {
      subject: 'Your quote',
      body: 'Hello {{customer.firstName}}',
    });
    expect(preview.status).toBe(200);
    const { html } = (await preview.json()) as { html: string };
    const src = html.match(/<img src="([^"]+)"/)?.[1] as string;
    expect(src).toMatch(/^http:\/\/.+\/api\/account-logos\/[0-9a-f-]{36}$/);
    expect(new URL(src).pathname).toBe(logo);
  });

  it('is printed on the documents made from now on', async () => {
    const customer = (await createCustomers(server.db, accountId, 1))[0]?.id as string;
    const product = await owner.json('POST', '/api/products', {
      name: 'Logo castle',
      quantity: 2,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
    });
    const productId = ((await product.json()) as { product: { id: string } }).product.id;
    const order = await owner.json('POST', '/api/orders', {
      customerId: customer,
      eventStart: '2030-06-15T15:00:00Z',
      eventEnd: '2030-06-15T23:00:00Z',
      fulfilment: 'pickup',
      lines: [{ productId, quantity: 1 }],
    });
    expect(order.status).toBe(201);
    const orderId = ((await order.json()) as { order: { id: string } }).order.id;
    const pdfOf = async () => {
      const made = await owner.json('POST', `/api/orders/${orderId}/documents`, { kind: 'quote' });
      expect(made.status).toBe(201);
      const { document } = (await made.json()) as { document: { pdfUrl: string } };
      return Buffer.from(await (await owner.get(document.pdfUrl)).arrayBuffer()).toString('latin1');
    };

    await owner.request('/api/account/logo', { method: 'DELETE' });
    expect(await pdfOf()).not.toMatch(/\/Subtype \/Image/);
    await upload(owner, await png(300, 100));
    const withLogo = await pdfOf();
    expect(withLogo).toMatch(/\/Subtype \/Image/);
    expect(withLogo).toMatch(/\/Width 300/);
  });

  it('removes the logo: the bytes and the address go', async () => {
    const { logo } = (await (await upload(owner, await png(50, 50))).json()) as Logo;
    const removed = await owner.request('/api/account/logo', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ logo: null });
    expect(await logoRows(accountId)).toHaveLength(0);
    expect(await logoOf(accountId)).toBeNull();
    expect((await server.client().get(logo as string)).status).toBe(404);
    // Removing again is fine: there is nothing to remove.
    expect((await owner.request('/api/account/logo', { method: 'DELETE' })).status).toBe(200);
    expect((await server.client().get('/api/account-logos/not-an-id')).status).toBe(404);
  });
});
