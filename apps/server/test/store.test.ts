import { gzipSync } from 'node:zlib';
import { DEFAULT_SCHEDULE } from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { textAbandonedCartReminders } from '../src/features/store/cart-reminder.js';
import { textBookingConfirmations } from '../src/features/store/confirmation-text.js';
import { markAbandonedCarts } from '../src/features/store/queries.js';
import { cartSessions } from '../src/features/store/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { expectValidHtml } from './helpers/valid-html.js';
import { waitUntil } from './helpers/wait-until.js';

// Issue 20 items 1-3 (back-office spec §10): the online store at /s/{slug}, carts that hold
// stock through the inventory write path, and checkout into a quote or a paid booking.

let server: TestServer;
let owner: HttpClient;
let castle: string;
let slide: string;
// The payments sandbox keeps real time (a Checkout Session expires 23 h after the server's
// now), so the server's clock is fixed at the run's start and the parties are in 2027.
const NOW = new Date();
// Saturday 12 June 2027, 12:00-18:00 in Austin (America/Chicago: UTC-5).
const PARTY = { date: '2027-06-12', start: '12:00', end: '18:00', zip: '78701' };
const EVENT = { start: '2027-06-12T17:00:00.000Z', end: '2027-06-12T23:00:00.000Z' };
const qs = (p: Record<string, string> = PARTY) => `?${new URLSearchParams(p)}`;

async function product(fields: Record<string, unknown>) {
  const { status, body } = await apiCall<{ product: { id: string } }>(
    owner,
    'POST',
    '/api/products',
    {
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
      ...fields,
    },
  );
  expect(status).toBe(201);
  return body.product.id;
}

/** A shopper: a browser with its own cart cookie, posting the store's forms. */
function shopper() {
  let cookie = '';
  async function visit(path: string, init: RequestInit = {}) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] as string;
    return response;
  }
  const post = (path: string, fields: Record<string, string>) =>
    visit(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.baseUrl,
      },
      body: new URLSearchParams(fields).toString(),
    });
  return {
    visit,
    post,
    add: (product: string, quantity = 1, party = PARTY) =>
      post('/s/party-co/cart', { ...party, product, quantity: String(quantity) }),
    get cookie() {
      return cookie;
    },
  };
}

async function available(productId: string) {
  const { body } = await apiCall<{
    items: { available: number; conflicts: { cart?: boolean }[] }[];
  }>(owner, 'GET', `/api/availability?start=${EVENT.start}&end=${EVENT.end}&items=${productId}:1`);
  return body.items[0];
}

const CONTACT = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.ruiz@example.com',
  phone: '(512) 555-0142',
  textConsent: 'yes',
  line1: '500 E Cesar Chavez St',
  city: 'Austin',
  region: 'TX',
  couponCode: '',
};

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Party Co <Rentals>',
    email: 'store-owner@tentpole.test',
    settings: {
      timezone: 'America/Chicago',
      currency: 'USD',
      orders: { deposit: { mode: 'percent', percentBps: 2500, minimum: 5000 }, taxRateBps: 825 },
    },
  });
  owner = await server.signIn(account.email);
  expect(
    (await apiCall(owner, 'PUT', '/api/store/settings', { slug: 'party-co', holdMinutes: 30 }))
      .status,
  ).toBe(200);
  // Reach's texting, for the booking's confirmation text.
  await server.db.insert(phoneServices).values({
    accountId: account.accountId,
    phoneNumber: '+15550104242',
    enabled: true,
    messagingStatus: 'approved',
  });
  const { body: category } = await apiCall<{ category: { id: string } }>(
    owner,
    'POST',
    '/api/categories',
    {
      name: 'Bounce Houses',
    },
  );
  castle = await product({
    name: 'Castle Bounce House',
    description: 'A 13 ft castle for up to 8 kids.',
    categoryId: category.category.id,
    quantity: 1,
  });
  slide = await product({ name: 'Tropical Water Slide', quantity: 1 });
  await product({ name: 'Hidden Generator', quantity: 2, showInStore: false });
  await apiCall(owner, 'PUT', '/api/delivery/settings', {
    methods: {
      staffed: { enabled: true, label: 'Delivery and setup', baseFee: 0 },
      drop_off: { enabled: false, label: 'Drop-off', baseFee: 0 },
      pickup: { enabled: true, label: 'Customer pickup' },
    },
    tiers: [{ upToMiles: 10, fee: 4_000 }],
    perMileBeyond: 250,
    serviceRadiusMiles: 40,
    zipOverrides: [],
    windowSurcharges: [],
    taxable: false,
  });
  expect(
    (
      await apiCall(owner, 'POST', '/api/delivery/depots', {
        name: 'Warehouse',
        address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
        lat: 30.2079,
        lng: -97.7142,
      })
    ).status,
  ).toBe(201);
});
afterAll(() => server?.close());

describe('the store pages', () => {
  it('asks when and where first, then shows only what is free with its price', async () => {
    const s = shopper();
    const first = await s.visit('/s/party-co');
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('When and where is your party?');
    expect(html).toContain('Party Co &lt;Rentals&gt;');
    expect(html).not.toContain('Castle Bounce House</a>');

    const listed = await (await s.visit(`/s/party-co${qs()}`)).text();
    expect(listed).toContain('Castle Bounce House</a>');
    expect(listed).toContain('$150.00');
    expect(listed).not.toContain('Hidden Generator');
    // Nothing internal: no product ids, no stock counts.
    expect(listed).not.toContain(castle);
    expect(listed).not.toMatch(/quantity of|in stock/i);
  });

  it('sends the security headers of the public pages and a valid document', async () => {
    const response = await shopper().visit(`/s/party-co${qs()}`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('says why a party cannot be served: a ZIP outside the area, a bad form', async () => {
    const far = await (
      await shopper().visit(`/s/party-co${qs({ ...PARTY, zip: '10001' })}`)
    ).text();
    expect(far).toMatch(/role="alert"/);
    expect(far).not.toContain('Castle Bounce House</a>');
    const bad = await shopper().visit(`/s/party-co${qs({ ...PARTY, zip: '7' })}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a 5-digit ZIP code');
  });

  it('answers 404 for an unknown store or product', async () => {
    expect((await shopper().visit('/s/no-such-store')).status).toBe(404);
    expect((await shopper().visit('/s/party-co/p/no-such-thing')).status).toBe(404);
  });

  it('gives a product page schema.org Product data with its availability', async () => {
    const response = await shopper().visit(`/s/party-co/p/castle-bounce-house${qs()}`);
    const html = await response.text();
    const data = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    );
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Castle Bounce House',
      offers: { price: '150.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(html).toContain('Other days');
  });
});

describe('the cart', () => {
  it('holds the item for real: staff see it taken, and a second shopper is told it is gone', async () => {
    const first = shopper();
    const added = await first.add('castle-bounce-house');
    expect(added.status).toBe(303);
    expect(first.cookie).toMatch(/^tp_cart=/);
    const cart = await (await first.visit('/s/party-co/cart')).text();
    expect(cart).toContain('Castle Bounce House');
    expect(cart).toMatch(/role="timer"[^>]*>30:00</);

    const staff = await available(castle);
    expect(staff?.available).toBe(0);
    expect(staff?.conflicts[0]?.cart).toBe(true);

    const second = shopper();
    const listed = await (await second.visit(`/s/party-co${qs()}`)).text();
    expect(listed).not.toContain('Castle Bounce House</a>');
    const page = await (await second.visit(`/s/party-co/p/castle-bounce-house${qs()}`)).text();
    expect(page).toContain('https://schema.org/OutOfStock');
    const refused = await second.add('castle-bounce-house');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      'Sorry, Castle Bounce House is no longer available for your party',
    );
    // §11: the refused shopper is a booking turned away, counted by the utilisation report.
    const turnedAway = await queryRows(
      server.db,
      sql`select source, requested, available from availability_misses where product_id = ${castle}`,
    );
    expect(turnedAway).toEqual([{ source: 'store', requested: 1, available: 0 }]);

    // The first shopper still sees their own item, and removing it frees it at once.
    expect(await (await first.visit(`/s/party-co${qs()}`)).text()).toContain(
      'Castle Bounce House</a>',
    );
    expect(
      (await first.post('/s/party-co/cart/remove', { product: 'castle-bounce-house' })).status,
    ).toBe(303);
    expect((await available(castle))?.available).toBe(1);
  });

  it('lets exactly one of two shoppers racing for the last unit have it', async () => {
    const [c, d] = [shopper(), shopper()];
    // On PostgreSQL another session holds the product's lock, so both adds pass their first
    // read and wait in the write path; released together, they reach the check at once.
    const blocker2 = server.databaseUrl ? new pg.Client(server.databaseUrl) : null;
    if (blocker2) {
      await blocker2.connect();
      await blocker2.query('begin');
      await blocker2.query('select id from products where id = $1 for update', [slide]);
    }
    const raced = Promise.all([
      c.add('tropical-water-slide', 1, { ...PARTY, date: '2027-07-03' }),
      d.add('tropical-water-slide', 1, { ...PARTY, date: '2027-07-03' }),
    ]);
    if (blocker2) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await blocker2.query('commit');
      await blocker2.end();
    }
    const statuses = (await raced).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409]);
  });

  it('releases stock by itself when the hold runs out, and marks the cart abandoned', async () => {
    const s = shopper();
    expect((await s.add('castle-bounce-house', 1, { ...PARTY, date: '2027-07-10' })).status).toBe(
      303,
    );
    const token = s.cookie.split('=')[1] as string;
    const window = `start=2027-07-10T17:00:00.000Z&end=2027-07-10T23:00:00.000Z&items=${castle}:1`;
    const free = async () =>
      (
        await apiCall<{ items: { available: number }[] }>(
          owner,
          'GET',
          `/api/availability?${window}`,
        )
      ).body.items[0]?.available;
    expect(await free()).toBe(0);
    // The hold time passes (the server's clock is fixed; the hold is moved back instead).
    await server.db
      .update(cartSessions)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(cartSessions.token, token));
    expect(await free()).toBe(1);
    await markAbandonedCarts(server.db, NOW);
    const [row] = await server.db
      .select({ abandonedAt: cartSessions.abandonedAt, items: cartSessions.itemCount })
      .from(cartSessions)
      .where(eq(cartSessions.token, token));
    expect(row?.abandonedAt?.getTime()).toBe(NOW.getTime() - 1000);
    expect(row?.items).toBe(1);
    // Coming back holds the items again (they are still free).
    expect(await (await s.visit('/s/party-co/cart')).text()).toContain('30:00');
    expect(await free()).toBe(0);
  });
});

describe('the pages are valid HTML', () => {
  it('from the first question to the review: home, catalog, product, cart, checkout and its errors', async () => {
    const s = shopper();
    const scripts = new Set<string>();
    const page = async (path: string, init?: { post: Record<string, string> }) => {
      const response = init ? await s.post(path, init.post) : await s.visit(path);
      const html = await response.text();
      for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
        // Structured data is not code.
        if (m[1]?.includes('type="application/ld+json"')) continue;
        // Only the store's own files: no inline script (the CSP allows none), no other origin.
        const src = /src="([^"]+)"/.exec(m[1] ?? '')?.[1];
        expect(src, path).toMatch(/^\/s\//);
        scripts.add(src as string);
      }
      return { status: response.status, html };
    };
    for (const [what, path] of [
      ['the home, asking when and where', '/s/party-co'],
      ['the catalog for a party', `/s/party-co${qs()}`],
      ['a category for a party', `/s/party-co/c/bounce-houses${qs()}`],
      ['a product', `/s/party-co/p/castle-bounce-house${qs()}`],
      ['a product without a party', '/s/party-co/p/tropical-water-slide'],
      ['a party the form refuses', `/s/party-co${qs({ ...PARTY, zip: '7870' })}`],
      ['an unknown product', '/s/party-co/p/no-such-thing'],
    ] as const) {
      const { html } = await page(path);
      await expectValidHtml(html, what);
    }
    await s.add('castle-bounce-house', 1, { ...PARTY, date: '2027-08-14' });
    await expectValidHtml((await page('/s/party-co/cart')).html, 'the cart');
    await expectValidHtml((await page('/s/party-co/checkout')).html, 'the checkout form');
    const refused = await page('/s/party-co/checkout', { post: { ...CONTACT, email: 'nope' } });
    expect(refused.status).toBe(400);
    await expectValidHtml(refused.html, 'the checkout form with its errors');
    const review = await page('/s/party-co/checkout', { post: CONTACT });
    expect(review.status).toBe(200);
    await expectValidHtml(review.html, 'the review');

    // Issue 20: a page's JavaScript is at most 50 KB gzipped; all the pages share these.
    let gzipped = 0;
    for (const src of scripts) {
      const response = await s.visit(src);
      expect(response.status, src).toBe(200);
      gzipped += gzipSync(Buffer.from(await response.arrayBuffer())).length;
    }
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(50 * 1024);
  });
});

describe('checkout', () => {
  it('shows every fee and the tax, then sends a quote request to staff', async () => {
    const s = shopper();
    await s.add('castle-bounce-house', 1, { ...PARTY, date: '2027-07-31' });
    const bad = await s.post('/s/party-co/checkout', { ...CONTACT, email: 'nope' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid e-mail address');
    const review = await s.post('/s/party-co/checkout', CONTACT);
    expect(review.status).toBe(200);
    const html = await review.text();
    expect(html).toContain('Castle Bounce House × 1');
    expect(html).toMatch(/Delivery \([\d.]+ mi\)/);
    expect(html).toContain('Tax');
    expect(html).toContain('Request a quote');
    const placed = await s.post('/s/party-co/checkout/place', { ...CONTACT, choice: 'quote' });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toMatch(/\/s\/party-co\/confirmation$/);
    const confirmation = await (await s.visit('/s/party-co/confirmation')).text();
    const number = /Quote requested: #(\d+)/.exec(confirmation)?.[1];
    expect(number).toBeTruthy();
    const { body } = await apiCall<{ orders: { id: string; number: number; status: string }[] }>(
      owner,
      'GET',
      '/api/orders?status=quote',
    );
    const order = body.orders.find((o) => String(o.number) === number);
    expect(order?.status).toBe('quote');
    const full = await apiCall<{ order: { referralSource: string; lines: { kind: string }[] } }>(
      owner,
      'GET',
      `/api/orders/${order?.id}`,
    );
    expect(full.body.order.referralSource).toBe('Online store');
    expect(full.body.order.lines.map((l) => l.kind)).toContain('fee');
    const [cart] = await server.db
      .select({ order: cartSessions.convertedOrderId, contact: cartSessions.contact })
      .from(cartSessions)
      .where(eq(cartSessions.token, s.cookie.split('=')[1] as string));
    expect(cart?.order).toBe(order?.id);
    expect(cart?.contact?.textConsent).toBe(true);
    // Staff who handle orders are told, once each, with a link to the order.
    const subject = `Quote request from the online store: order #${number}`;
    const told = await waitUntil(
      'the staff e-mail',
      async () => server.mailSandbox.messages().filter((m) => m.subject === subject),
      (found) => found.length > 0,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(told.map((m) => m.to)).toEqual([['store-owner@tentpole.test']]);
    expect(told[0]?.text).toContain('Ana Ruiz asked Party Co <Rentals>');
    expect(told[0]?.text).toContain('Castle Bounce House × 1');
    expect(told[0]?.text).toContain(`/orders/${order?.id}`);
    expect(told[0]?.html).toContain('Party Co &lt;Rentals&gt;');
  });

  it('shows and takes only the choices the checkout mode allows (decision 0068)', async () => {
    const mode = (checkoutMode: string) =>
      apiCall(owner, 'PUT', '/api/store/settings', {
        slug: 'party-co',
        holdMinutes: 30,
        checkoutMode,
      });
    try {
      expect((await mode('quote')).status).toBe(200);
      const s = shopper();
      await s.add('tropical-water-slide', 1, { ...PARTY, date: '2027-09-18' });
      const quoteOnly = await (await s.post('/s/party-co/checkout', CONTACT)).text();
      expect(quoteOnly).toContain('Request a quote');
      expect(quoteOnly).not.toContain('Book and pay');
      const book = await s.post('/s/party-co/checkout/place', {
        ...CONTACT,
        choice: 'book',
        termsAccepted: 'yes',
      });
      expect(book.status).toBe(400);
      expect(await book.text()).toContain('This store takes quote requests only');

      expect((await mode('book')).status).toBe(200);
      const bookOnly = await (await s.post('/s/party-co/checkout', CONTACT)).text();
      expect(bookOnly).toContain('Book and pay');
      expect(bookOnly).not.toContain('Request a quote');
      const quote = await s.post('/s/party-co/checkout/place', { ...CONTACT, choice: 'quote' });
      expect(quote.status).toBe(400);
      expect(await quote.text()).toContain('This store takes instant bookings only');
      // Nothing was placed: the cart is still the shopper's.
      expect((await s.visit('/s/party-co/checkout')).status).toBe(200);
    } finally {
      expect((await mode('both')).status).toBe(200);
    }
  });

  it('leaves no draft behind when booking is refused at the last step (the day’s deliveries are full)', async () => {
    const day = '2027-11-06';
    const rules = (maxDeliveriesPerDay: number | null) =>
      apiCall(owner, 'PUT', '/api/schedule', {
        businessHours: DEFAULT_SCHEDULE.businessHours,
        serviceHours: DEFAULT_SCHEDULE.serviceHours,
        bookingRules: { minNoticeHours: 0, maxAdvanceDays: null, maxDeliveriesPerDay },
      });
    expect((await rules(1)).status).toBe(200);
    try {
      // The first shopper's booking takes the day's one delivery.
      const first = shopper();
      await first.add('castle-bounce-house', 1, { ...PARTY, date: day });
      await first.post('/s/party-co/checkout', { ...CONTACT, email: 'first@example.com' });
      const held = await first.post('/s/party-co/checkout/place', {
        ...CONTACT,
        email: 'first@example.com',
        choice: 'book',
        termsAccepted: 'yes',
      });
      expect(held.status).toBe(303);
      // The second has the slide in the cart, but the truck is full that day.
      const late = shopper();
      await late.add('tropical-water-slide', 1, { ...PARTY, date: day });
      await late.post('/s/party-co/checkout', { ...CONTACT, email: 'late@example.com' });
      const refused = await late.post('/s/party-co/checkout/place', {
        ...CONTACT,
        email: 'late@example.com',
        choice: 'book',
        termsAccepted: 'yes',
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(`${day} is full`);
      // Only the first shopper's booking: no draft made for the second is left in the list.
      const made = await queryRows<{ status: string }>(
        server.db,
        sql`select o.status from orders o
            join store_settings t on t.account_id = o.account_id and t.slug = 'party-co'
            where o.event_date = ${day} order by o.created_at`,
      );
      expect(made).toEqual([{ status: 'hold' }]);
    } finally {
      expect((await rules(null)).status).toBe(200);
    }
  });

  it('books: the order holds the cart stock, Checkout takes the deposit with 4242, and it is reserved', async () => {
    const s = shopper();
    await s.add('castle-bounce-house', 1, { ...PARTY, date: '2027-08-07' });
    await s.post('/s/party-co/checkout', { ...CONTACT, email: 'ben@example.com' });
    const placed = await s.post('/s/party-co/checkout/place', {
      ...CONTACT,
      email: 'ben@example.com',
      choice: 'book',
      termsAccepted: 'yes',
    });
    expect(placed.status).toBe(303);
    const checkout = placed.headers.get('location') ?? '';
    expect(checkout).toMatch(/\/sandbox\/payments\/pay\/cs_test_/);
    const window = `start=2027-08-07T17:00:00.000Z&end=2027-08-07T23:00:00.000Z&items=${castle}:1`;
    const staff = await apiCall<{
      items: { available: number; conflicts: { cart?: boolean }[] }[];
    }>(owner, 'GET', `/api/availability?${window}`);
    // Held by the order now, not the cart.
    expect(staff.body.items[0]?.available).toBe(0);
    expect(staff.body.items[0]?.conflicts[0]?.cart).toBeUndefined();

    const paid = await fetch(checkout, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Ben Shopper',
      }).toString(),
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '', server.baseUrl);
    expect(back.pathname).toBe('/s/party-co/confirmation');
    // The confirmation page and two of the minute's sweeps at once: one confirmation text.
    const [page] = await Promise.all([
      s.visit(`${back.pathname}${back.search}`),
      textBookingConfirmations(server.db, NOW, server.baseUrl),
      textBookingConfirmations(server.db, NOW, server.baseUrl),
    ]);
    const confirmation = await page.text();
    expect(confirmation).toMatch(/Booked! Order #\d+/);
    const number = /Booked! Order #(\d+)/.exec(confirmation)?.[1];
    const rows = await server.db.execute(
      sql`select status, total_cents from orders where number = ${Number(number)} and referral_source = 'Online store'`,
    );
    expect((rows as unknown as { rows: { status: string }[] }).rows?.[0]?.status ?? '').toBe(
      'reserved',
    );
    await s.visit(`${back.pathname}${back.search}`);
    expect(await textBookingConfirmations(server.db, NOW, server.baseUrl)).toBe(0);
    const texts = await queryRows<{ body: string; direction: string }>(
      server.db,
      sql`select m.body, m.direction from messages m
          join conversations c on c.id = m.conversation_id
          where c.phone_number = '+15125550142' and m.body like '%booked%'`,
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]?.direction).toBe('outbound');
    expect(texts[0]?.body).toMatch(
      new RegExp(
        `^Party Co <Rentals>: you're booked! Order #${number} for Sat, Aug 7\\. Your order: http://.+/o/`,
      ),
    );
    // The sweep reads 30 days of carts: one owed a text from a visit 31 days ago is let be,
    // one from 29 days ago is still texted.
    const thisCart = sql`converted_order_id = (select id from orders
        where number = ${Number(number)} and referral_source = 'Online store')`;
    const [visit] = await queryRows<{ started: string }>(
      server.db,
      sql`select started_at::text as started from cart_sessions where ${thisCart}`,
    );
    const owed = (startedAt: string) =>
      server.db.execute(sql`update cart_sessions set confirmation_texted_at = null,
          started_at = ${startedAt}::timestamptz where ${thisCart}`);
    const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
    await owed(daysAgo(31));
    expect(await textBookingConfirmations(server.db, NOW, server.baseUrl)).toBe(0);
    await owed(daysAgo(29));
    expect(await textBookingConfirmations(server.db, NOW, server.baseUrl)).toBe(1);
    // (The cart's visit as it was, for the cart sessions list below.)
    await server.db.execute(
      sql`update cart_sessions set started_at = ${visit?.started}::timestamptz where ${thisCart}`,
    );
  });
});

describe('cart sessions for staff', () => {
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(NOW);
  type Carts = {
    total: number;
    carts: {
      state: string;
      items: { name: string; quantity: number }[];
      postalCode: string | null;
      contact: { email: string; textConsent: boolean } | null;
      order: { number: number } | null;
    }[];
  };

  it('texts a shopper who left with consent once, an hour after the hold ran out, never in quiet hours (decision 0049)', async () => {
    const phone = '+15125550177';
    const left = async (email: string, date: string, ranOut: string) => {
      const s = shopper();
      expect((await s.add('tropical-water-slide', 1, { ...PARTY, date })).status).toBe(303);
      await s.post('/s/party-co/checkout', { ...CONTACT, email, phone: '(512) 555-0177' });
      // The hold ran out around 9 PM in Austin on May 31 (fixed instants: the sweep takes a clock).
      await server.db
        .update(cartSessions)
        .set({ holdExpiresAt: new Date(ranOut) })
        .where(eq(cartSessions.token, s.cookie.split('=')[1] as string));
    };
    await left('gone-again@example.com', '2027-12-11', '2027-06-01T01:00:00Z');
    await left('gone@example.com', '2027-12-04', '2027-06-01T02:00:00Z');
    await markAbandonedCarts(server.db, new Date('2027-06-01T02:00:00Z'));
    const reminders = () =>
      queryRows<{ body: string }>(
        server.db,
        sql`select m.body from messages m join conversations c on c.id = m.conversation_id
            where c.phone_number = ${phone} and m.body like '%still planning%'`,
      );
    const sweep = (at: string) =>
      textAbandonedCartReminders(server.db, new Date(at), server.baseUrl);
    // Half an hour after the hold: too soon. 11 PM in Austin: quiet hours.
    await sweep('2027-06-01T02:30:00Z');
    await sweep('2027-06-01T04:00:00Z');
    expect(await reminders()).toEqual([]);
    // 10 AM: one text for the two carts, with the party's link; two sweeps at once, and later.
    await Promise.all([sweep('2027-06-01T15:00:00Z'), sweep('2027-06-01T15:00:00Z')]);
    await sweep('2027-06-01T16:00:00Z');
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(
      /^Party Co <Rentals>: still planning your party on Sat, Dec 4\? See what is free for it and book: http:\/\/.+\/s\/party-co\?date=2027-12-04&start=12%3A00&end=18%3A00&zip=78701 Reply STOP to stop texts\.$/,
    );
    // Two days after the hold, a cart is left alone.
    await server.db.execute(sql`update cart_sessions set reminder_texted_at = null
        where contact->>'email' = 'gone@example.com'`);
    await server.db.execute(sql`update cart_sessions set reminder_texted_at = null
        where contact->>'email' = 'gone-again@example.com'`);
    expect(await sweep('2027-06-03T15:00:00Z')).toBe(0);
  });

  it('lists today’s carts as the tile counts them: open, abandoned and booked, with the contact given', async () => {
    const s = shopper();
    expect((await s.add('tropical-water-slide', 1, { ...PARTY, date: '2027-09-04' })).status).toBe(
      303,
    );
    await s.post('/s/party-co/checkout', { ...CONTACT, email: 'cleo@example.com' });
    // Another shopper leaves: the hold runs out (moved back; the clock is fixed).
    const gone = shopper();
    await gone.add('castle-bounce-house', 1, { ...PARTY, date: '2027-10-02' });
    await server.db
      .update(cartSessions)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(cartSessions.token, gone.cookie.split('=')[1] as string));
    await markAbandonedCarts(server.db, NOW);
    const day = today();
    const { status, body } = await apiCall<Carts>(
      owner,
      'GET',
      `/api/store/carts?from=${day}&to=${day}`,
    );
    expect(status).toBe(200);
    const [count] = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from cart_sessions s
          join store_settings t on t.account_id = s.account_id and t.slug = 'party-co'
          where s.item_count > 0`,
    );
    expect(body.total).toBe(count?.n);
    expect(body.carts.length).toBe(body.total);
    const cleo = body.carts.find((c) => c.contact?.email === 'cleo@example.com');
    expect(cleo).toMatchObject({
      state: 'open',
      items: [{ name: 'Tropical Water Slide', quantity: 1 }],
      postalCode: '78701',
      contact: { textConsent: true },
      order: null,
    });
    const booked = body.carts.find((c) => c.contact?.email === 'ben@example.com');
    expect(booked?.state).toBe('converted');
    expect(booked?.order?.number).toBeGreaterThan(0);
    expect(body.carts.some((c) => c.state === 'abandoned')).toBe(true);

    const left = await apiCall<Carts>(
      owner,
      'GET',
      `/api/store/carts?from=${day}&to=${day}&state=abandoned`,
    );
    expect(left.body.carts.length).toBeGreaterThan(0);
    expect(left.body.carts.every((c) => c.state === 'abandoned')).toBe(true);
    // Another day has none of them.
    const before = await apiCall<Carts>(
      owner,
      'GET',
      '/api/store/carts?from=2020-01-01&to=2020-01-31',
    );
    expect(before.body).toEqual({ total: 0, carts: [] });
  });

  it('shows a member without customer.read the carts but not who the shoppers are', async () => {
    const web = await createAccountWithUser(server.db, {
      name: 'Web Helper',
      email: 'store-web-helper@tentpole.test',
      roles: ['tentpole:website.read'],
    });
    const { memberships } = await import('../src/auth/tables.js');
    const [party] = await queryRows<{ account_id: string }>(
      server.db,
      sql`select account_id from store_settings where slug = 'party-co'`,
    );
    await server.db.insert(memberships).values({
      accountId: party?.account_id as string,
      userId: web.userId,
      kind: 'member',
      roles: ['tentpole:website.read'],
    });
    const helper = await server.signIn(web.email);
    await helper.updateSession({ accountId: party?.account_id as string });
    const day = today();
    const response = await helper.request(`/api/store/carts?from=${day}&to=${day}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Carts;
    expect(body.total).toBeGreaterThan(0);
    expect(body.carts.every((c) => c.contact === null)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('refuses a bad range with field errors', async () => {
    const response = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'GET',
      '/api/store/carts?from=2026-02-01&to=2026-01-01&state=lost',
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['state']);
  });
});
