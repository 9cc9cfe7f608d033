import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 20 item 2 (back-office spec §10, decision 0057): checkout asks the setup surface, the
// site questions and the delivery window; booking needs the rental terms accepted.

let server: TestServer;
let owner: HttpClient;
let concrete: string;
let hidden: string;
const NOW = new Date();
// Saturday 11 September 2027, 14:00-18:00 in Austin (UTC-5): delivery windows 8-10, 10-12, 12-2.
const PARTY = { date: '2027-09-11', start: '14:00', end: '18:00', zip: '78701' };

async function product(name: string) {
  const { status, body } = await apiCall<{ product: { id: string } }>(
    owner,
    'POST',
    '/api/products',
    {
      name,
      quantity: 3,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
    },
  );
  expect(status).toBe(201);
  return body.product.id;
}

async function surface(name: string, customerVisible = true) {
  const { status, body } = await apiCall<{ surface: { id: string } }>(
    owner,
    'POST',
    '/api/surfaces',
    {
      name,
      customerVisible,
    },
  );
  expect(status).toBe(201);
  return body.surface.id;
}

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
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams(fields).toString(),
    });
  return {
    visit,
    post,
    add: (slug: string, party = PARTY) =>
      post('/s/site-co/cart', { ...party, product: slug, quantity: '1' }),
  };
}

const CONTACT = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.site@example.com',
  phone: '(512) 555-0177',
  line1: '500 E Cesar Chavez St',
  city: 'Austin',
  region: 'TX',
  couponCode: '',
};

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Site Co',
    email: 'site-owner@tentpole.test',
    settings: {
      timezone: 'America/Chicago',
      currency: 'USD',
      orders: { deposit: { mode: 'percent', percentBps: 2500, minimum: 5000 }, taxRateBps: 825 },
    },
  });
  owner = await server.signIn(account.email);
  expect((await apiCall(owner, 'PUT', '/api/store/settings', { slug: 'site-co' })).status).toBe(
    200,
  );
  const castle = await product('Castle Bounce House');
  const slide = await product('Water Slide');
  concrete = await surface('Concrete/Asphalt');
  const grass = await surface('Grass');
  hidden = await surface('Staff only', false);
  const rules = (id: string, body: unknown) =>
    apiCall(owner, 'PUT', `/api/products/${id}/surfaces`, body).then((r) =>
      expect(r.status).toBe(200),
    );
  await rules(castle, [
    {
      surfaceId: concrete,
      allowed: 'approval',
      fee: { amount: 2_000, per: 'order', taxable: false },
    },
    { surfaceId: grass, allowed: 'yes' },
  ]);
  await rules(slide, [
    { surfaceId: concrete, allowed: 'no' },
    { surfaceId: grass, allowed: 'yes' },
  ]);
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
    windowSurcharges: [{ kind: 'starts_before', time: '10:00', fee: 1_500 }],
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

type Order = {
  id: string;
  status: string;
  surfaceId: string | null;
  deliveryWindow: { start: string; end: string } | null;
  address: { line2: string | null } | null;
  notes: { internal: string | null; customer: string | null };
  lines: { kind: string; description: string; amount: number }[];
};

async function orderOf(email: string) {
  const [row] = await queryRows<{ id: string }>(
    server.db,
    sql`select o.id from orders o join customers c on c.id = o.customer_id
        where c.email = ${email} order by o.created_at desc limit 1`,
  );
  if (!row) return null;
  return (await apiCall<{ order: Order }>(owner, 'GET', `/api/orders/${row.id}`)).body.order;
}

describe('checkout: surface, site questions, delivery window (issue 20 item 2)', () => {
  it('offers the customer surfaces, the windows before the party and the site questions', async () => {
    const s = shopper();
    await s.add('castle-bounce-house');
    const html = await (await s.visit('/s/site-co/checkout')).text();
    expect(html).toContain('<label for="surfaceId">Where will it be set up?</label>');
    expect(html).toContain('Not sure yet');
    expect(html).toContain(`value="${concrete}"`);
    expect(html).not.toContain(hidden);
    expect(html).toContain(
      '<legend>Is there a power outlet within 50 ft of the setup spot?</legend>',
    );
    expect(html).toContain('<legend>Any stairs, steps or a steep slope on the way in?</legend>');
    expect(html).toContain('<label for="deliveryWindow">Delivery time</label>');
    expect(html).toContain('Any time before the party');
    expect(html).toContain('8:00 AM – 10:00 AM');
    expect(html).toContain('12:00 PM – 2:00 PM');
    expect(html).not.toContain('1:00 PM – 3:00 PM');
  });

  it('refuses a surface an item is not allowed on, with the reason, and bad answers', async () => {
    const s = shopper();
    await s.add('water-slide');
    const refused = await s.post('/s/site-co/checkout', { ...CONTACT, surfaceId: concrete });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(
      'Water Slide can’t be set up on Concrete/Asphalt. Choose another surface or remove it from your cart.',
    );
    expect(html).toContain('aria-describedby="surfaceId-hint surfaceId-error"');
    const bad = await s.post('/s/site-co/checkout', {
      ...CONTACT,
      surfaceId: hidden,
      power: 'maybe',
      deliveryWindow: '15:00',
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Choose yes, no or not sure');
    const again = await s.post('/s/site-co/checkout', {
      ...CONTACT,
      surfaceId: hidden,
      deliveryWindow: '15:00',
    });
    expect(again.status).toBe(400);
    const againHtml = await again.text();
    expect(againHtml).toContain('Choose a surface from the list');
    expect(againHtml).toContain('Choose a delivery time from the list');
    // Booking straight away is refused the same way, never a 500.
    const place = await s.post('/s/site-co/checkout/place', {
      ...CONTACT,
      surfaceId: concrete,
      choice: 'book',
      termsAccepted: 'yes',
    });
    expect(place.status).toBe(400);
    expect(await place.text()).toContain('can’t be set up on Concrete/Asphalt');
  });

  it('puts the surface, window, gate code and answers on the order, prices them, and books only with the terms', async () => {
    const s = shopper();
    await s.add('castle-bounce-house');
    const form = {
      ...CONTACT,
      surfaceId: concrete,
      gateCode: 'Gate 4521, side yard',
      power: 'yes',
      stairs: 'no',
      deliveryWindow: '08:00',
    };
    const review = await s.post('/s/site-co/checkout', form);
    expect(review.status).toBe(200);
    const html = await review.text();
    expect(html).toContain(
      'Castle Bounce House on Concrete/Asphalt needs our approval: we’ll confirm before your party.',
    );
    expect(html).toContain('Concrete/Asphalt setup: Castle Bounce House');
    // $40.00 for the distance and, as a line of its own, $15.00 for a window before 10:00.
    expect(html).toMatch(/Delivery \([\d.]+ mi\)<\/td><td class="n">\$40\.00/);
    expect(html).toContain('Delivery window starting before 10:00</td><td class="n">$15.00');
    expect(html).toContain('8:00 AM – 10:00 AM');
    expect(html).toContain('Read the rental terms');
    expect(html).toContain('I accept the rental terms');
    // Every answer travels on to the booking in hidden fields.
    for (const [k, v] of Object.entries(form).filter(([, v]) => v))
      expect(html).toContain(`name="${k}" value="${v}"`);

    const refused = await s.post('/s/site-co/checkout/place', { ...form, choice: 'book' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('Review and book');
    expect(again).toContain('id="termsAccepted-error">Accept the rental terms to book');
    expect(again).toContain('aria-describedby="termsAccepted-error"');
    expect(await orderOf(CONTACT.email)).toBeNull();

    const booked = await s.post('/s/site-co/checkout/place', {
      ...form,
      choice: 'book',
      termsAccepted: 'yes',
    });
    expect(booked.status).toBe(303);
    const order = await orderOf(CONTACT.email);
    expect(order?.status).toBe('hold');
    expect(order?.surfaceId).toBe(concrete);
    // 08:00-10:00 in Chicago (CDT, UTC-5).
    expect(order?.deliveryWindow).toEqual({
      start: '2027-09-11T13:00:00.000Z',
      end: '2027-09-11T15:00:00.000Z',
    });
    expect(order?.address?.line2).toBe('Gate 4521, side yard');
    expect(order?.notes.internal).toContain('Site: power within 50 ft: yes; stairs or slope: no.');
    expect(order?.notes.internal).toMatch(/Accepted the rental terms online at \d{4}-\d\d-\d\dT/);
    const fees = order?.lines.filter((l) => l.kind === 'fee') ?? [];
    expect(fees.find((f) => f.description.includes('Concrete/Asphalt setup'))?.amount).toBe(2_000);
    expect(
      fees
        .filter((f) => f.description.startsWith('Delivery'))
        .map((f) => [f.description.replace(/\([\d.]+ mi\)/, '(mi)'), f.amount]),
    ).toEqual([
      ['Delivery (mi)', 4_000],
      ['Delivery window starting before 10:00', 1_500],
    ]);
  });

  it('sends a quote request without the terms, and "not sure" leaves the surface and window empty', async () => {
    const s = shopper();
    await s.add('water-slide', { ...PARTY, date: '2027-09-18' });
    const email = 'quote.site@example.com';
    const form = {
      ...CONTACT,
      email,
      phone: '(512) 555-0178',
      surfaceId: 'unsure',
      power: 'unsure',
      deliveryWindow: 'any',
    };
    expect((await s.post('/s/site-co/checkout', form)).status).toBe(200);
    const placed = await s.post('/s/site-co/checkout/place', { ...form, choice: 'quote' });
    expect(placed.status).toBe(303);
    const order = await orderOf(email);
    expect(order?.status).toBe('quote');
    expect(order?.surfaceId).toBeNull();
    expect(order?.deliveryWindow).toBeNull();
    expect(order?.notes.internal).toContain('Site: power within 50 ft: not sure.');
    expect(order?.notes.internal).not.toContain('Accepted the rental terms');
  });

  it('offers an optional damage waiver, kept unless declined, and prices the choice', async () => {
    // §2 "optional defaulting on", 10 % of the rental ($150.00 a day: $15.00).
    await server.db.execute(
      sql`update accounts set settings = jsonb_set(settings, '{orders,damageWaiver}',
            '{"mode":"optional","percentBps":1000}') where name = 'Site Co'`,
    );
    const s = shopper();
    await s.add('castle-bounce-house', { ...PARTY, date: '2027-10-02' });
    const page = await (await s.visit('/s/site-co/checkout')).text();
    expect(page).toContain('Add the damage waiver (10% of the rental)?');
    expect(page).toMatch(/name="damageWaiver" value="yes" checked/);
    const email = 'waiver.site@example.com';
    const form = { ...CONTACT, email, phone: '(512) 555-0179', deliveryWindow: 'any' };

    const kept = await (await s.post('/s/site-co/checkout', form)).text();
    expect(kept).toMatch(/Damage waiver<\/td><td class="n">\$15\.00/);
    expect(kept).toContain('<dt>Damage waiver</dt><dd>Added</dd>');

    const declined = await (
      await s.post('/s/site-co/checkout', { ...form, damageWaiver: 'no' })
    ).text();
    expect(declined).not.toMatch(/Damage waiver<\/td>/);
    expect(declined).toContain('<dt>Damage waiver</dt><dd>Declined: I pay for any damage</dd>');
    expect(declined).toContain('name="damageWaiver" value="no"');
    const bad = await s.post('/s/site-co/checkout', { ...form, damageWaiver: 'maybe' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose whether to add the damage waiver');

    const placed = await s.post('/s/site-co/checkout/place', {
      ...form,
      damageWaiver: 'no',
      choice: 'quote',
    });
    expect(placed.status).toBe(303);
    const order = await apiCall<{
      order: { damageWaiver: boolean; totals: { damageWaiver: number } };
    }>(owner, 'GET', `/api/orders/${(await orderOf(email))?.id}`);
    expect(order.body.order.damageWaiver).toBe(false);
    expect(order.body.order.totals.damageWaiver).toBe(0);

    // Mandatory: said, not asked.
    await server.db.execute(
      sql`update accounts set settings = jsonb_set(settings, '{orders,damageWaiver,mode}', '"mandatory"')
            where name = 'Site Co'`,
    );
    await s.add('castle-bounce-house', { ...PARTY, date: '2027-10-09' });
    const mandatory = await (await s.visit('/s/site-co/checkout')).text();
    expect(mandatory).toContain('A damage waiver (10% of the rental) is part of every booking.');
    expect(mandatory).not.toContain('name="damageWaiver"');
    const priced = await (
      await s.post('/s/site-co/checkout', { ...form, damageWaiver: 'no' })
    ).text();
    expect(priced).toMatch(/Damage waiver<\/td><td class="n">\$15\.00/);
    await server.db.execute(
      sql`update accounts set settings = settings #- '{orders,damageWaiver}' where name = 'Site Co'`,
    );
  });
});
