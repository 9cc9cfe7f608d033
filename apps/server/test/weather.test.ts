import {
  addDays,
  localDate,
  shiftLocalDays,
  weatherBoardResponseSchema,
  weatherCheckResponseSchema,
  weatherPolicyResponseSchema,
  weatherTextResponseSchema,
} from '@tentpole/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerCredits } from '../src/features/payments/tables.js';
import { reconcilePhoneServices } from '../src/features/phone/provisioning.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { conversations, messages } from '../src/features/phone/texts/tables.js';
import { queueWeatherChecks, weatherSlot } from '../src/features/weather/jobs.js';
import { weatherOffers } from '../src/features/weather/tables.js';
import { jobs } from '../src/jobs/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 6, the weather board (decision 0061): a forecast set through the weather
// sandbox (the Open-Meteo stand-in) flags the orders over the policy; one click texts each
// customer their options once; a reply "2" moves the order to the next date its items are
// free, with its totals recomputed; "3" cancels it with a rain-check credit.

const TZ = 'America/Chicago';
const WAIT = { timeout: 15_000, interval: 100 };
const BUSINESS = '+15550161000';
const PHONES = { a: '+15550161001', b: '+15550161002', c: '+15550161003', d: '+15550161004' };
const CHICAGO = { lat: 41.88, lng: -87.63 };
const ROCKFORD = { lat: 42.27, lng: -89.09 };

let server: TestServer;
let owner: HttpClient;
let planner: HttpClient;
let viewer: HttpClient;
let outsider: HttpClient;
let accountId: string;
let otherOrderId: string;
let slidesId: string;
let castleId: string;
let slideId: string;
let bouncerId: string;
const customers: Record<keyof typeof PHONES, string> = { a: '', b: '', c: '', d: '' };
const orders = { a: '', b: '', c: '', d: '', e: '' };
/** The party's local day (Chicago), a day and a half from now: inside the three days checked. */
let day: string;
const at = (d: string, hour: number) => `${d}T${String(hour).padStart(2, '0')}:00:00.000Z`;
/** The party's start moved `n` local days (the same local time, across a DST change too). */
const movedStart = (n: number) => shiftLocalDays(at(day, 17), n, TZ);

async function makeOrder(
  customerId: string,
  productId: string,
  d: string,
  point: { lat: number; lng: number },
  client: HttpClient = owner,
) {
  const made = await apiCall<{ order: { id: string } }>(client, 'POST', '/api/orders', {
    customerId,
    // Noon to 5 pm in Chicago (CDT or CST, either way inside 16:00–23:00 UTC).
    eventStart: at(d, 17),
    eventEnd: at(d, 22),
    fulfilment: 'delivery',
    address: {
      line1: '1 Party Lane',
      city: 'Chicago',
      region: 'IL',
      postalCode: '60601',
      ...point,
    },
    lines: [{ productId, quantity: 1 }],
  });
  expect(made.status).toBe(201);
  const reserved = await apiCall(client, 'POST', `/api/orders/${made.body.order.id}/transitions`, {
    to: 'reserved',
  });
  expect(reserved.status).toBe(200);
  return made.body.order.id;
}

async function setForecast(body: Record<string, unknown>) {
  const response = await fetch(`${server.baseUrl}/sandbox/weather/api/forecasts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function textBusiness(from: string, body: string) {
  const response = await fetch(`${server.baseUrl}/sandbox/control/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, to: BUSINESS, body }),
  });
  expect(response.status).toBeLessThan(300);
}

async function board(client: HttpClient = owner) {
  const { status, body } = await apiCall(client, 'GET', '/api/weather/board');
  expect(status).toBe(200);
  return weatherBoardResponseSchema.parse(body);
}

const offerOf = async (orderId: string) =>
  (await board()).risks.find((r) => r.orderId === orderId)?.offer ?? null;

async function textsTo(phone: string) {
  return server.db
    .select({ body: messages.body, direction: messages.direction })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.phoneNumber, phone)))
    .orderBy(messages.createdAt);
}

async function orderOf(id: string) {
  const { status, body } = await apiCall<{
    order: {
      status: string;
      eventStart: string;
      totals: { total: number; balance: number; paid: number };
    };
  }>(owner, 'GET', `/api/orders/${id}`);
  expect(status).toBe(200);
  return body.order;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Weather Rentals',
    email: 'weather-owner@tentpole.test',
    settings: { timezone: TZ, currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const member = async (email: string, roles: string[]) => {
    const { addMember } = await import('./helpers/api.js');
    return (await addMember(server, accountId, email, roles)).client;
  };
  planner = await member('weather-planner@tentpole.test', [
    'tentpole:delivery.read',
    'tentpole:delivery.write',
    'tentpole:order.read',
  ]);
  viewer = await member('weather-viewer@tentpole.test', ['tentpole:delivery.read']);
  const other = await createAccountWithUser(server.db, {
    name: 'Other Weather Rentals',
    email: 'weather-other@tentpole.test',
    settings: { timezone: TZ, currency: 'USD' },
  });
  outsider = await server.signIn(other.email);

  await server.db.insert(phoneServices).values({
    accountId,
    phoneNumber: BUSINESS,
    enabled: true,
    messagingStatus: 'approved',
  });
  await reconcilePhoneServices(server.db, server.twilio, server.baseUrl);

  const category = await apiCall<{ category: { id: string } }>(owner, 'POST', '/api/categories', {
    name: 'Water slides',
  });
  expect(category.status).toBe(201);
  slidesId = category.body.category.id;
  const product = async (name: string, amount: number, extra: Record<string, unknown> = {}) => {
    const made = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
      name,
      quantity: 1,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount }] },
      ...extra,
    });
    expect(made.status).toBe(201);
    return made.body.product.id;
  };
  castleId = await product('Castle', 20_000);
  slideId = await product('Splash slide', 30_000, { categoryId: slidesId });
  bouncerId = await product('Bouncer', 15_000);
  for (const [key, phoneNumber] of Object.entries(PHONES))
    customers[key as keyof typeof PHONES] = (
      await createCustomers(server.db, accountId, 1, { phoneNumber })
    )[0]?.id as string;

  day = localDate(new Date(Date.now() + 36 * 3_600_000), TZ);
  // A: the castle in Chicago; B: the slide in Chicago; C: the bouncer in Rockford (calm);
  // D: a slide in Rockford, where it is 60 °F (over the account's 40 °F, under a slide's 65).
  orders.a = await makeOrder(customers.a, castleId, day, CHICAGO);
  orders.b = await makeOrder(customers.b, slideId, day, { lat: 41.95, lng: -87.7 });
  orders.c = await makeOrder(customers.c, bouncerId, day, ROCKFORD);
  const slide2 = (
    await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
      name: 'Tall slide',
      quantity: 1,
      categoryId: slidesId,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 30_000 }] },
    })
  ).body.product.id;
  orders.d = await makeOrder(customers.d, slide2, day, ROCKFORD);
  // The castle is taken the day after (another customer): A's next free day is two days on.
  orders.e = await makeOrder(customers.c, castleId, addDays(day, 1), ROCKFORD);
  // A paid $100; B paid $50.
  for (const [id, amount] of [
    [orders.a, 10_000],
    [orders.b, 5_000],
  ] as const)
    expect(
      (await apiCall(owner, 'POST', `/api/orders/${id}/payments`, { amount, method: 'cash' }))
        .status,
    ).toBe(201);
  otherOrderId = await makeOrderFor(other.accountId);
}, 120_000);
afterAll(() => server?.close());

/** An order of the other account (its own customer and product), for the isolation cases. */
async function makeOrderFor(otherAccountId: string) {
  const other = await server.signIn('weather-other@tentpole.test');
  const customer = (await createCustomers(server.db, otherAccountId, 1))[0]?.id as string;
  const made = await apiCall<{ product: { id: string } }>(other, 'POST', '/api/products', {
    name: 'Their castle',
    quantity: 1,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
  });
  return makeOrder(
    customer,
    made.body.product.id,
    addDays(localDate(new Date(), TZ), 2),
    CHICAGO,
    other,
  );
}

describe('the weather policy', () => {
  it("starts at operators' thresholds and refuses bad limits and unknown categories with 400", async () => {
    const got = await apiCall(viewer, 'GET', '/api/weather/policy');
    expect(got.status).toBe(200);
    const parsed = weatherPolicyResponseSchema.parse(got.body);
    expect(parsed.policy).toEqual({
      gustsOverMph: 20,
      rainChanceAtLeast: 60,
      temperatureUnderF: 40,
      categories: [],
    });
    expect(parsed.categories).toEqual([{ id: slidesId, name: 'Water slides' }]);

    const bad = await apiCall<{ error: { code: string; fields: Record<string, string[]> } }>(
      owner,
      'PUT',
      '/api/weather/policy',
      { gustsOverMph: 0, rainChanceAtLeast: 120, temperatureUnderF: 40, categories: [] },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      'gustsOverMph',
      'rainChanceAtLeast',
    ]);

    // Another account's category (or none at all) is not one of this account's.
    const theirs = await apiCall<{ category: { id: string } }>(
      outsider,
      'POST',
      '/api/categories',
      {
        name: 'Their slides',
      },
    );
    const unknown = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'PUT',
      '/api/weather/policy',
      {
        gustsOverMph: 20,
        rainChanceAtLeast: 60,
        temperatureUnderF: 40,
        categories: [
          {
            categoryId: theirs.body.category.id,
            gustsOverMph: null,
            rainChanceAtLeast: null,
            temperatureUnderF: 65,
          },
        ],
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ 'categories.0.categoryId': ['Unknown category'] });
    expect((await apiCall(viewer, 'PUT', '/api/weather/policy', parsed.policy)).status).toBe(403);
  });
});

describe('the check, the bulk text and the replies', () => {
  it('flags exactly the orders whose forecast is over the policy, with the worst hour', async () => {
    // Gusts of 35 mph over Chicago from 1 pm to 3 pm (CDT: 18:00–20:00 UTC), through the
    // sandbox's control API; 60 °F all day in Rockford.
    await setForecast({
      latitude: CHICAGO.lat,
      longitude: CHICAGO.lng,
      radiusKm: 25,
      date: day,
      fromHour: 18,
      toHour: 20,
      windGustsMph: 35,
    });
    await setForecast({
      latitude: ROCKFORD.lat,
      longitude: ROCKFORD.lng,
      radiusKm: 25,
      date: day,
      temperatureF: 60,
    });
    const requestsBefore = server.weatherSandbox.requests();

    expect((await apiCall(viewer, 'POST', '/api/weather/check')).status).toBe(403);
    const checked = await apiCall(planner, 'POST', '/api/weather/check');
    expect(checked.status).toBe(200);
    expect(weatherCheckResponseSchema.parse(checked.body)).toEqual({
      checkedOrders: 5,
      flagged: 2,
      skipped: 0,
    });
    // One forecast per place (to ~1 km): A's and B's in Chicago, 9 km apart, and Rockford's
    // three orders (C, D, and E the day after) together.
    expect(server.weatherSandbox.requests() - requestsBefore).toBe(3);

    const risks = (await board(viewer)).risks;
    expect(risks.map((r) => r.orderId).sort()).toEqual([orders.a, orders.b].sort());
    const a = risks.find((r) => r.orderId === orders.a);
    expect(a?.reasons).toEqual([
      {
        kind: 'gusts',
        value: 35,
        limit: 20,
        at: expect.stringMatching(/T18:00:00.000Z$/),
        category: null,
      },
    ]);
    expect(a?.offer).toBeNull();

    // Run again: the same rows (idempotent), not twice as many.
    await apiCall(planner, 'POST', '/api/weather/check');
    expect((await board()).risks).toHaveLength(2);
  });

  it('texts each flagged customer their options exactly once, under two clicks at once', async () => {
    // The castle's price rises to $250 after A booked at $200: a move reprices the order.
    const raised = await apiCall(owner, 'PATCH', `/api/products/${castleId}`, {
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 25_000 }] },
    });
    expect(raised.status).toBe(200);

    const [first, second] = await Promise.all([
      apiCall(planner, 'POST', '/api/weather/texts', {}),
      apiCall(owner, 'POST', '/api/weather/texts', {}),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const results = [first.body, second.body].map((b) => weatherTextResponseSchema.parse(b));
    expect(results.reduce((n, r) => n + r.texted, 0)).toBe(2);
    const again = weatherTextResponseSchema.parse(
      (await apiCall(owner, 'POST', '/api/weather/texts', {})).body,
    );
    expect(again).toEqual({ texted: 0, notSent: 0, alreadyTexted: 2 });

    const dayWords = (d: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }).format(new Date(`${d}T12:00:00Z`));
    const toA = await textsTo(PHONES.a);
    expect(toA).toEqual([
      {
        direction: 'outbound',
        body: `Weather Rentals: wind gusts to 35 mph are forecast for your party on ${dayWords(day)}. Reply 1 to keep it, 2 to move it to ${dayWords(addDays(day, 2))}, 3 for a rain-check credit of $100.00.`,
      },
    ]);
    expect(await textsTo(PHONES.b)).toHaveLength(1);
    expect(await textsTo(PHONES.c)).toHaveLength(0);
    expect((await offerOf(orders.a))?.state).toBe('pending');
    // The texts go out through the carrier once each.
    await vi.waitFor(async () => {
      const sent = await server.db
        .select({ status: messages.status })
        .from(messages)
        .where(and(eq(messages.accountId, accountId), eq(messages.direction, 'outbound')));
      expect(sent.every((m) => m.status !== 'queued')).toBe(true);
    }, WAIT);
  });

  it('a reply "2" moves the order to the next free date with the price difference applied', async () => {
    const before = await orderOf(orders.a);
    expect(before.totals).toMatchObject({ total: 20_000, paid: 10_000, balance: 10_000 });
    await textBusiness(PHONES.a, '2');
    await vi.waitFor(async () => expect((await offerOf(orders.a))?.state).toBe('moved'), WAIT);

    const after = await orderOf(orders.a);
    expect(after.status).toBe('reserved');
    expect(after.eventStart).toBe(movedStart(2));
    // Repriced for the new dates at today's price; the payment stays, so the balance moves.
    expect(after.totals).toMatchObject({ total: 25_000, paid: 10_000, balance: 15_000 });

    // The castle is free again on the party's old day, and held on the new one.
    const free = await apiCall<{ items: { available: number }[] }>(
      owner,
      'GET',
      `/api/availability?start=${at(day, 17)}&end=${at(day, 22)}&items=${castleId}:1`,
    );
    expect(free.status).toBe(200);
    expect(free.body.items[0]?.available).toBe(1);
    const held = await apiCall<{ items: { available: number }[] }>(
      owner,
      'GET',
      `/api/availability?start=${at(addDays(day, 2), 17)}&end=${at(addDays(day, 2), 22)}&items=${castleId}:1`,
    );
    expect(held.body.items[0]?.available).toBe(0);

    // The crews' routes follow: the stop left the old day and is on the new one.
    const stopsOn = async (d: string) =>
      (
        await apiCall<{ stops: { orderId: string }[] }>(owner, 'GET', `/api/delivery/day?date=${d}`)
      ).body.stops.map((s) => s.orderId);
    expect(await stopsOn(day)).not.toContain(orders.a);
    expect(await stopsOn(addDays(day, 2))).toContain(orders.a);

    // The customer is told, the order's activity says so, and a second "2" changes nothing.
    await vi.waitFor(async () => {
      const texts = await textsTo(PHONES.a);
      expect(texts.map((t) => t.direction)).toEqual(['outbound', 'inbound', 'outbound']);
      expect(texts[2]?.body).toMatch(
        /moved to .*new total is \$250\.00 \(\$50\.00 more\); your balance is \$150\.00/,
      );
    }, WAIT);
    const activity = await apiCall<{ activity: { action: string; detail: { text?: string } }[] }>(
      owner,
      'GET',
      `/api/orders/${orders.a}/activity`,
    );
    expect(activity.body.activity.map((a) => a.detail.text ?? '')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Weather: moved from .* \(reply 2, the customer, by text\); total \$200\.00 → \$250\.00$/,
        ),
      ]),
    );
    await textBusiness(PHONES.a, '2');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await orderOf(orders.a)).eventStart).toBe(movedStart(2));
  });

  it('a reply "2" when the date was taken meanwhile moves nothing, says so, and "3" then gives the credit', async () => {
    const offer = await offerOf(orders.b);
    expect(offer?.moveTo).toBe(movedStart(1));
    // Someone books B's offered day first.
    await makeOrder(customers.c, slideId, addDays(day, 1), ROCKFORD);
    await textBusiness(PHONES.b, '2');
    await vi.waitFor(
      async () => expect((await offerOf(orders.b))?.state).toBe('move_failed'),
      WAIT,
    );
    expect((await orderOf(orders.b)).eventStart).toBe(at(day, 17));
    await vi.waitFor(async () => {
      const texts = await textsTo(PHONES.b);
      expect(texts.at(-1)?.body).toMatch(/is no longer free\. Your party stays on/);
    }, WAIT);

    await textBusiness(PHONES.b, '3');
    await vi.waitFor(async () => expect((await offerOf(orders.b))?.state).toBe('credited'), WAIT);
    expect((await orderOf(orders.b)).status).toBe('cancelled');
    const credits = await server.db
      .select({ amount: customerCredits.amountCents })
      .from(customerCredits)
      .where(
        and(eq(customerCredits.accountId, accountId), eq(customerCredits.customerId, customers.b)),
      );
    expect(credits.reduce((s, c) => s + c.amount, 0)).toBe(5_000);
  });

  it("staff apply a customer's choice for them; another account's order is a 404", async () => {
    expect(
      (await apiCall(owner, 'POST', `/api/weather/orders/${otherOrderId}/choice`, { choice: 1 }))
        .status,
    ).toBe(404);
    expect(
      (await apiCall(owner, 'POST', `/api/weather/orders/${orders.c}/choice`, { choice: 1 }))
        .status,
    ).toBe(409);
    expect(
      (await apiCall(owner, 'POST', `/api/weather/orders/${orders.a}/choice`, { choice: 4 }))
        .status,
    ).toBe(400);
    // The other account's board shows nothing of this one's.
    expect((await board(outsider)).risks).toEqual([]);
  });

  it('a category rule flags a water slide the account limit lets through', async () => {
    const saved = await apiCall(owner, 'PUT', '/api/weather/policy', {
      gustsOverMph: 20,
      rainChanceAtLeast: 60,
      temperatureUnderF: 40,
      categories: [
        {
          categoryId: slidesId,
          gustsOverMph: null,
          rainChanceAtLeast: null,
          temperatureUnderF: 65,
        },
      ],
    });
    expect(saved.status).toBe(200);
    await apiCall(owner, 'POST', '/api/weather/check');
    const d = (await board()).risks.find((r) => r.orderId === orders.d);
    expect(d?.reasons).toEqual([
      expect.objectContaining({ kind: 'cold', value: 60, limit: 65, category: 'Water slides' }),
    ]);
    // The bouncer beside it in Rockford is fine at 60 °F.
    expect((await board()).risks.map((r) => r.orderId)).not.toContain(orders.c);
    const offers = await server.db
      .select({ orderId: weatherOffers.orderId })
      .from(weatherOffers)
      .where(inArray(weatherOffers.orderId, [orders.d]));
    expect(offers).toEqual([]);
  });
});

describe('the scheduled checks', () => {
  it('are asked for at 6 am and 8 pm local time, for two hours each, and queued once a slot', async () => {
    expect(weatherSlot('acct', new Date('2030-06-14T11:30:00Z'), TZ)).toBe(
      'weather-check:acct:2030-06-14:morning',
    );
    expect(weatherSlot('acct', new Date('2030-06-15T02:59:00Z'), TZ)).toBe(
      'weather-check:acct:2030-06-14:evening',
    );
    expect(weatherSlot('acct', new Date('2030-06-14T13:00:00Z'), TZ)).toBeNull();
    expect(weatherSlot('acct', new Date('2030-06-14T05:30:00Z'), TZ)).toBeNull();

    // The next 6:30 am in Chicago: the parties are within its three days.
    let next = new Date(Math.ceil(Date.now() / 1_800_000) * 1_800_000);
    while (weatherSlot(accountId, next, TZ)?.endsWith(':morning') !== true)
      next = new Date(next.getTime() + 1_800_000);
    // Two instances ask at once, and again ten minutes later: one check queued.
    await Promise.all([queueWeatherChecks(server.db, next), queueWeatherChecks(server.db, next)]);
    await queueWeatherChecks(server.db, new Date(next.getTime() + 600_000));
    const queued = await server.db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(like(jobs.dedupeKey, `weather-check:${accountId}:%`));
    expect(queued).toEqual([{ key: weatherSlot(accountId, next, TZ) }]);
    // The worker runs it: the board is checked again.
    const before = (await board()).checkedAt;
    await vi.waitFor(async () => expect((await board()).checkedAt).not.toBe(before), WAIT);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({ databaseUrl: server.databaseUrl as string });
  }, 120_000);
  afterAll(() => second?.close());

  it('text a newly flagged customer once when both are clicked at once', async () => {
    const phone = '+15550161009';
    const customer = (await createCustomers(server.db, accountId, 1, { phoneNumber: phone }))[0]
      ?.id as string;
    const tent = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
      name: 'Frame tent',
      quantity: 5,
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 40_000 }] },
    });
    const orderId = await makeOrder(customer, tent.body.product.id, day, CHICAGO);
    expect((await apiCall(owner, 'POST', '/api/weather/check')).status).toBe(200);
    expect((await board()).risks.map((r) => r.orderId)).toContain(orderId);

    const there = await second.signIn('weather-owner@tentpole.test');
    const results = await Promise.all(
      [owner, there, owner, there].map((client) =>
        apiCall(client, 'POST', '/api/weather/texts', { orderIds: [orderId] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((n, r) => n + weatherTextResponseSchema.parse(r.body).texted, 0)).toBe(1);
    expect(await textsTo(phone)).toHaveLength(1);
  });
});
