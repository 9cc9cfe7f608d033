import {
  type BillingOverview,
  billingOverviewSchema,
  PLAN_TABLE,
  type PlanTier,
} from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { queryRows } from '../src/db/client.js';
import { accountBilling } from '../src/features/billing/tables.js';
import { vehicles } from '../src/features/delivery/tables.js';
import { products } from '../src/features/inventory/tables.js';
import { stripeEvents } from '../src/features/payments/tables.js';
import { staffInvites } from '../src/features/staff/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, fillProducts } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// §13 (issue 23, item 4): the account's own plan. Limits come from the domain's one table and
// answer 403 naming the plan that lifts them; Checkout in setup and subscription mode through
// the real `stripe` library and the payments sandbox; signed webhooks handled once; plan
// changes; and the read-only account of a trial that ended without a card.

let server: TestServer;
let seq = 0;

type ErrorBody = { error: { code: string; message: string; plan?: string; resource?: string } };

/** A new account on `plan`, its holder signed in; `trialEndDate` as given. */
async function account(plan: PlanTier, trialEndDate: string | null = null) {
  seq += 1;
  const email = `billing-${seq}-${Date.now()}@tentpole.test`;
  const made = await createAccountWithUser(server.db, {
    name: `Billing Rentals ${seq}`,
    email,
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  await server.db
    .update(accounts)
    .set({ planLevel: plan, trialEndDate })
    .where(eq(accounts.id, made.accountId));
  return { ...made, client: await server.signIn(email) };
}

const overview = async (client: HttpClient) => {
  const { status, body } = await apiCall<BillingOverview>(client, 'GET', '/api/billing');
  expect(status).toBe(200);
  return billingOverviewSchema.parse(body);
};

/** The hosted Checkout page's form, as the browser posts it: answers where it sends them. */
async function payOnPage(url: string, card = '4242 4242 4242 4242') {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    body: new URLSearchParams({ number: card, expiry: '12 / 34', cvc: '123', name: 'Pat Owner' }),
  });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get('location') ?? '');
  return back;
}

async function checkout(client: HttpClient, body: unknown) {
  const started = await apiCall<{ url: string }>(client, 'POST', '/api/billing/checkout', body);
  expect(started.status).toBe(201);
  const back = await payOnPage(started.body.url);
  expect(back.pathname).toBe('/account');
  expect(back.searchParams.get('tab')).toBe('billing');
  return back.searchParams.get('checkout') ?? '';
}

const vehicleBody = (name: string) => ({
  name,
  capacityUnits: 5,
  shiftStart: '08:00',
  shiftEnd: '18:00',
});

const yesterdayInChicago = () => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await startTestServer({ seed: false, webhookRetryMs: 50 });
});

afterAll(async () => {
  await server?.close();
});

describe('plan limits (from the domain table)', () => {
  it('refuses one product, vehicle or seat too many with 403 plan_limit naming the plan', async () => {
    const { client, accountId } = await account('free');
    const { limits } = PLAN_TABLE.free;
    const productLimit = limits.products ?? 0;
    await fillProducts(server.db, accountId, productLimit - 1);
    const last = await apiCall(client, 'POST', '/api/products', {
      name: 'The last one',
      pricing: { mode: 'flat', amount: 100 },
    });
    expect(last.status).toBe(201);
    const over = await apiCall<ErrorBody>(client, 'POST', '/api/products', {
      name: 'One too many',
      pricing: { mode: 'flat', amount: 100 },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({
      code: 'plan_limit',
      resource: 'products',
      plan: 'lite',
      limit: productLimit,
    });
    // An archived product frees its place (the limit counts active products).
    await server.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.slug, 'castle-0'));
    expect(
      (
        await apiCall(client, 'POST', '/api/products', {
          name: 'In its place',
          pricing: { mode: 'flat', amount: 100 },
        })
      ).status,
    ).toBe(201);

    for (let i = 0; i < (limits.vehicles ?? 0); i++)
      expect(
        (await apiCall(client, 'POST', '/api/delivery/vehicles', vehicleBody(`T${i}`))).status,
      ).toBe(201);
    const truck = await apiCall<ErrorBody>(
      client,
      'POST',
      '/api/delivery/vehicles',
      vehicleBody('X'),
    );
    expect(truck.status).toBe(403);
    expect(truck.body.error).toMatchObject({
      code: 'plan_limit',
      resource: 'vehicles',
      plan: 'core',
    });
    expect(truck.body.error.message).toBe(
      `The Free plan allows ${limits.vehicles} vehicle${limits.vehicles === 1 ? '' : 's'}. Upgrade to Core for more.`,
    );

    // Seats: the holder, then open invitations, up to the plan's seats.
    for (let i = 1; i < (limits.seats ?? 0); i++)
      expect(
        (
          await apiCall(client, 'POST', '/api/staff/invites', {
            via: 'email',
            email: `seat-${seq}-${i}@example.com`,
            preset: 'driver',
          })
        ).status,
      ).toBe(201);
    const seat = await apiCall<ErrorBody>(client, 'POST', '/api/staff/invites', {
      via: 'email',
      email: `seat-${seq}-over@example.com`,
      preset: 'driver',
    });
    expect(seat.status).toBe(403);
    expect(seat.body.error).toMatchObject({ code: 'plan_limit', resource: 'seats', plan: 'lite' });
    // A revoked invitation gives its seat back.
    await server.db
      .update(staffInvites)
      .set({ revokedAt: new Date() })
      .where(eq(staffInvites.accountId, accountId));
    const usage = (await overview(client)).usage;
    expect(usage.find((u) => u.resource === 'seats')).toEqual({
      resource: 'seats',
      used: 1,
      limit: limits.seats,
    });
    expect(usage.find((u) => u.resource === 'products')).toEqual({
      resource: 'products',
      used: productLimit,
      limit: productLimit,
    });
  });

  it('keeps Reach set-up for plans that include it', async () => {
    const settings = {
      voicemailText: 'Leave a message',
      showCallerId: true,
      forwardIncomingCallsToMobile: false,
      forwardIncomingCallsTo: [],
      forwardIncomingMessagesToMobile: false,
      forwardIncomingMessagesTo: [],
      mobileClickToCall: false,
      forwardIncomingMessagesToSlack: false,
    };
    const lite = await account('lite');
    const refused = await apiCall<ErrorBody>(
      lite.client,
      'POST',
      '/api/phone/settings/save',
      settings,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'plan_limit',
      resource: 'reach',
      plan: 'core',
    });
    const core = await account('core');
    expect((await apiCall(core.client, 'POST', '/api/phone/settings/save', settings)).status).toBe(
      200,
    );
  });

  it('counts texts and call minutes from the first of the month in the account timezone', async () => {
    const { client, accountId } = await account('core');
    // 05:30 UTC on the 1st is still last month in Chicago; 06:30 UTC is this month there.
    const now = new Date();
    const chicagoMonth = now
      .toLocaleDateString('en-CA', { timeZone: 'America/Chicago' })
      .slice(0, 7);
    const first = new Date(`${chicagoMonth}-01T00:00:00Z`);
    const before = new Date(first.getTime() + 4 * 3600_000); // 22:00 or 23:00 the day before there
    const after = new Date(first.getTime() + 7 * 3600_000); // 01:00 or 02:00 on the 1st there
    await queryRows(
      server.db,
      sql`insert into calls (account_id, call_sid, direction, via, from_number, to_number,
            counterpart_number, status, started_at, duration_seconds)
          values (${accountId}, ${`CAbill${seq}a`}, 'inbound', 'pstn', '+15550100001', '+15550100002',
                  '+15550100001', 'completed', ${before.toISOString()}::timestamptz, 600),
                 (${accountId}, ${`CAbill${seq}b`}, 'inbound', 'pstn', '+15550100001', '+15550100002',
                  '+15550100001', 'completed', ${after.toISOString()}::timestamptz, 61),
                 (${accountId}, ${`CAbill${seq}c`}, 'outbound', 'pstn', '+15550100002', '+15550100001',
                  '+15550100001', 'completed', ${after.toISOString()}::timestamptz, 120)
          returning id`,
    );
    const usage = (await overview(client)).usage;
    // 61 s is two started minutes, 120 s two: four; the call of last month is not counted.
    expect(usage.find((u) => u.resource === 'callMinutes')).toEqual({
      resource: 'callMinutes',
      used: 4,
      limit: PLAN_TABLE.core.limits.callMinutes,
    });
  });
});

describe('read-only when the trial ended without a card', () => {
  it('refuses every write with 403 account_read_only, keeps reads, and lifts once a card is added', async () => {
    const { client, accountId } = await account('free', yesterdayInChicago());
    await server.db.insert(vehicles).values({
      accountId,
      name: 'Kept truck',
      capacityUnits: 3,
      shiftStart: '08:00',
      shiftEnd: '18:00',
    });
    const refused = await apiCall<ErrorBody>(
      client,
      'POST',
      '/api/delivery/vehicles',
      vehicleBody('No'),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('account_read_only');
    expect(
      (
        await apiCall<ErrorBody>(client, 'PUT', '/api/account/settings', {
          name: 'Renamed',
          timezone: 'America/Chicago',
          currency: 'USD',
        })
      ).body.error.code,
    ).toBe('account_read_only');
    // Reads still work and nothing was deleted.
    const list = await apiCall<{ vehicles: { name: string }[] }>(
      client,
      'GET',
      '/api/delivery/vehicles',
    );
    expect(list.body.vehicles.map((v) => v.name)).toEqual(['Kept truck']);
    expect((await overview(client)).readOnly).toBe(true);

    // 'Add Payment Method': a setup-mode Checkout, paid on the hosted page, back to the tab.
    const sessionId = await checkout(client, { purpose: 'payment_method' });
    const confirmed = await apiCall<BillingOverview>(client, 'POST', '/api/billing/confirm', {
      sessionId,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      readOnly: false,
      trialEndDate: null,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      plan: { tier: 'free', title: 'Free' },
    });
    // Writable again: the settings save; a second vehicle meets the free plan's limit instead.
    const saved = await apiCall(client, 'PUT', '/api/account/settings', {
      name: 'Renamed',
      timezone: 'America/Chicago',
      currency: 'USD',
    });
    expect(saved.status).toBe(200);
    const afterCard = await apiCall<ErrorBody>(
      client,
      'POST',
      '/api/delivery/vehicles',
      vehicleBody('Y'),
    );
    expect(afterCard.body.error.code).toBe('plan_limit');
    expect((await overview(client)).readOnly).toBe(false);
  });

  it('is not read-only on the trial’s last day, nor without a trial', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const last = await account('free', today);
    expect((await overview(last.client)).readOnly).toBe(false);
    const none = await account('free', null);
    expect((await overview(none.client)).readOnly).toBe(false);
  });
});

describe('upgrade through Checkout, webhooks, plan changes', () => {
  it('upgrades free to core in subscription mode; the webhook alone applies it, once', async () => {
    const { client, accountId } = await account('free', '2099-01-01');
    const started = await apiCall<{ url: string }>(client, 'POST', '/api/billing/checkout', {
      purpose: 'plan',
      tier: 'core',
    });
    expect(started.status).toBe(201);
    await payOnPage(started.body.url);
    // Not confirmed by the return: the webhook (signed, from the sandbox) applies it.
    await vi.waitFor(
      async () => {
        const billing = await overview(client);
        expect(billing.plan).toEqual({ level: 'core', tier: 'core', title: 'Core' });
      },
      { timeout: 10_000, interval: 100 },
    );
    const billing = await overview(client);
    expect(billing.subscription).toMatchObject({ status: 'active', scheduledTier: null });
    expect(billing.trialEndDate).toBeNull();
    expect(billing.paymentMethod).toMatchObject({ last4: '4242' });
    expect(billing.invoices.map((i) => [i.status, i.amountPaid, i.currency])).toEqual([
      ['paid', PLAN_TABLE.core.priceCents, 'USD'],
    ]);
    expect(billing.usage.find((u) => u.resource === 'vehicles')?.limit).toBe(
      PLAN_TABLE.core.limits.vehicles,
    );

    // Every event delivered again, twice at once: each was handled once and nothing changes.
    // (First the sandbox's own deliveries finish: the invoice's events come after the plan.)
    await vi.waitFor(
      () => {
        expect(
          server.paymentsSandbox.webhooks.list().filter((d) => d.status !== 'delivered'),
        ).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
    const [row] = await server.db
      .select()
      .from(accountBilling)
      .where(eq(accountBilling.accountId, accountId));
    const customer = row?.processorCustomerId;
    const events = server.paymentsSandbox.engine.state.events.filter(
      (e) => (e.data.object as { customer?: string }).customer === customer,
    );
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');
    const deliver = (event: (typeof events)[number]) =>
      signedWebhook(server, { provider: 'stripe', payload: JSON.stringify(event) });
    const answers = await Promise.all(events.flatMap((e) => [deliver(e), deliver(e)]));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const [again] = await server.db
      .select()
      .from(accountBilling)
      .where(eq(accountBilling.accountId, accountId));
    expect(again).toEqual(row);
    const receipts = await server.db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(sql`${stripeEvents.id} in ${events.map((e) => e.id)}`);
    expect(receipts).toHaveLength(events.length);
    const subscriptions = await server.stripe.subscriptions.list({ customer, status: 'all' });
    expect(subscriptions.data).toHaveLength(1);

    // A second subscription through Checkout is refused: the plan is changed instead.
    const twice = await apiCall<ErrorBody>(client, 'POST', '/api/billing/checkout', {
      purpose: 'plan',
      tier: 'pro',
    });
    expect(twice.status).toBe(409);
  });

  it('changes plan on the card: up at once, refused below usage, back to free at period end', async () => {
    const { client, accountId } = await account('free');
    const sessionId = await checkout(client, { purpose: 'plan', tier: 'core' });
    expect(
      (await apiCall<BillingOverview>(client, 'POST', '/api/billing/confirm', { sessionId })).body
        .plan.tier,
    ).toBe('core');

    const pro = await apiCall<BillingOverview>(client, 'PUT', '/api/billing/plan', { tier: 'pro' });
    expect(pro.status).toBe(200);
    expect(pro.body.plan.tier).toBe('pro');
    const [row] = await server.db
      .select()
      .from(accountBilling)
      .where(eq(accountBilling.accountId, accountId));
    const subscription = await server.stripe.subscriptions.retrieve(row?.subscriptionId ?? '');
    expect(subscription.items.data[0]?.price.unit_amount).toBe(PLAN_TABLE.pro.priceCents);
    expect(subscription.metadata.tentpole_tier).toBe('pro');

    // Two vehicles: more than the free plan's one.
    for (const name of ['A', 'B'])
      expect(
        (await apiCall(client, 'POST', '/api/delivery/vehicles', vehicleBody(name))).status,
      ).toBe(201);
    const below = await apiCall<ErrorBody & { error: { over: unknown } }>(
      client,
      'PUT',
      '/api/billing/plan',
      { tier: 'free' },
    );
    expect(below.status).toBe(409);
    expect(below.body.error.over).toEqual([
      { resource: 'vehicles', used: 2, limit: PLAN_TABLE.free.limits.vehicles },
    ]);
    await server.db.update(vehicles).set({ active: false }).where(eq(vehicles.name, 'B'));
    const down = await apiCall<BillingOverview>(client, 'PUT', '/api/billing/plan', {
      tier: 'free',
    });
    expect(down.status).toBe(200);
    // The plan stays until the period ends.
    expect(down.body.plan.tier).toBe('pro');
    expect(down.body.subscription?.scheduledTier).toBe('free');

    // The period ends at the processor: its webhook turns the plan to free.
    server.paymentsSandbox.engine.advanceClock(32 * 86_400);
    await vi.waitFor(
      async () => {
        expect((await overview(client)).plan.tier).toBe('free');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await overview(client)).subscription?.status).toBe('canceled');
  });

  it('keeps the plan when the first payment of a subscription is declined', async () => {
    const { client } = await account('pro');
    const started = await apiCall<{ url: string }>(client, 'POST', '/api/billing/checkout', {
      purpose: 'plan',
      tier: 'unlimited',
    });
    // The card saves but its charge is declined: the page says so and nothing is paid.
    const page = await fetch(started.body.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams({
        number: '4000 0000 0000 0341',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Pat Owner',
      }),
    });
    expect(page.status).not.toBe(303);
    expect(await page.text()).toContain('declined');
    await vi.waitFor(
      () => {
        expect(
          server.paymentsSandbox.webhooks.list().filter((d) => d.status !== 'delivered'),
        ).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
    const billing = await overview(client);
    expect(billing.plan.tier).toBe('pro');
    expect(billing.subscription?.status).toBe('incomplete');
  });

  it('starts one processor Customer for two Checkouts at once, and finds no other account’s session', async () => {
    const { client, accountId } = await account('free');
    const both = await Promise.all(
      [0, 1].map(() =>
        apiCall<{ url: string }>(client, 'POST', '/api/billing/checkout', {
          purpose: 'payment_method',
        }),
      ),
    );
    expect(both.map((b) => b.status)).toEqual([201, 201]);
    const rows = await server.db
      .select()
      .from(accountBilling)
      .where(eq(accountBilling.accountId, accountId));
    expect(rows).toHaveLength(1);
    const sessions = await Promise.all(
      both.map((b) => server.stripe.checkout.sessions.retrieve(b.body.url.split('/').pop() ?? '')),
    );
    expect(sessions.map((s) => s.customer)).toEqual([
      rows[0]?.processorCustomerId,
      rows[0]?.processorCustomerId,
    ]);
    const other = await account('free');
    const theirs = await apiCall<ErrorBody>(other.client, 'POST', '/api/billing/confirm', {
      sessionId: sessions[0]?.id,
    });
    expect(theirs.status).toBe(404);
    const bad = await apiCall<ErrorBody>(client, 'POST', '/api/billing/checkout', {
      purpose: 'plan',
      tier: 'gold',
    });
    expect(bad.status).toBe(400);
  });
});
