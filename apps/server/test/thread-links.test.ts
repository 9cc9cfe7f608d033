import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '../src/features/links/tables.js';
import { conversations } from '../src/features/phone/texts/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { waitUntil } from './helpers/wait-until.js';

// Issue 24 item 3, links in the thread: the reply box's short links for the conversation's
// customer's orders, and the conversation's timeline of what the customer did on them.

let server: TestServer;
let owner: HttpClient;
let clerk: HttpClient;
let reader: HttpClient;
let accountId: string;
let customerId: string;
let conversationId: string;
let strangerConversationId: string;
let productId: string;
let chairsId: string;

type Options = {
  orders: {
    id: string;
    number: number;
    status: string;
    balanceDue: number | null;
    awaitingSignature: boolean;
    awaitingApproval: boolean;
  }[];
  payLinks: boolean;
};
type Link = { url: string; orderNumber: number; kind: string; amount: number | null };
type Timeline = {
  events: {
    kind: string;
    orderId: string;
    orderNumber: number;
    amount: number | null;
    name: string | null;
  }[];
};

const visit = (path: string, init: RequestInit = {}) =>
  fetch(path.startsWith('http') ? path : `${server.baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
  });
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
  body: new URLSearchParams(fields).toString(),
});

const linksOf = (client: HttpClient = owner) =>
  apiCall<Options>(client, 'GET', `/api/phone/text/${conversationId}/links`);
const makeLink = (body: Record<string, unknown>, client: HttpClient = owner) =>
  apiCall<Link>(client, 'POST', `/api/phone/text/${conversationId}/links`, body);
const timeline = (client: HttpClient = owner) =>
  apiCall<Timeline>(client, 'GET', `/api/phone/text/${conversationId}/timeline`);

/** Follows a short link as the customer's phone does: one redirect, to where it stands for. */
async function follow(url: string) {
  const response = await visit(url);
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

async function newOrder(lines = [{ productId, quantity: 1 }]) {
  const { status, body } = await apiCall<{ order: { id: string; number: number } }>(
    owner,
    'POST',
    '/api/orders',
    {
      customerId,
      eventStart: '2026-12-12T15:00:00Z',
      eventEnd: '2026-12-12T23:00:00Z',
      fulfilment: 'pickup',
      lines,
    },
  );
  expect(status).toBe(201);
  return body.order;
}

const member = async (email: string, roles: string[]) =>
  (await addMember(server, accountId, email, roles)).client;

beforeAll(async () => {
  server = await startTestServer({ seed: false, webhookRetryMs: 50 });
  const account = await createAccountWithUser(server.db, {
    name: 'Thread Link Rentals',
    email: 'thread-owner@tentpole.test',
    settings: { timezone: 'UTC', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  clerk = await member('thread-clerk@tentpole.test', [
    'tentpole:phone.read',
    'tentpole:phone.write',
  ]);
  reader = await member('thread-reader@tentpole.test', ['tentpole:phone.read']);
  const [pat, stranger] = await createCustomers(server.db, accountId, 2);
  customerId = pat?.id as string;
  const [talk, other] = await server.db
    .insert(conversations)
    .values([
      { accountId, phoneNumber: '+15550143001', customerId },
      { accountId, phoneNumber: '+15550143002', customerId: stranger?.id as string },
    ])
    .returning({ id: conversations.id });
  conversationId = talk?.id as string;
  strangerConversationId = other?.id as string;
  const made = async (name: string, amount: number) =>
    (
      await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
        name,
        quantity: 50,
        pricing: { mode: 'flat', amount },
      })
    ).body.product.id;
  productId = await made('Thread Castle', 20_000);
  chairsId = await made('Thread Chair', 300);
});
afterAll(() => server?.close());

describe('links in the thread', () => {
  it('offers the contract to sign as a short link; the signature shows in the thread and the order', async () => {
    const order = await newOrder();
    const options = await linksOf();
    expect(options.status).toBe(200);
    expect(options.body.orders.find((o) => o.id === order.id)).toMatchObject({
      number: order.number,
      balanceDue: 20_000,
      awaitingSignature: true,
      awaitingApproval: false,
    });

    const link = await makeLink({ orderId: order.id, kind: 'sign' });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ orderNumber: order.number, kind: 'sign', amount: null });
    expect(link.body.url).toMatch(new RegExp(`^${server.baseUrl}/l/[A-Za-z2-9]{10}$`));
    // The same link asked again is the same short link.
    expect((await makeLink({ orderId: order.id, kind: 'sign' })).body.url).toBe(link.body.url);

    const target = await follow(link.body.url);
    expect(target).toMatch(/^\/o\/[A-Za-z0-9_-]{32}#sign-heading$/);
    const page = target.replace(/#.*$/, '');
    expect(await (await visit(page)).text()).toContain('Accept and sign');
    expect((await visit(`${page}/sign`, form({ name: 'Pat Signer', agree: 'yes' }))).status).toBe(
      303,
    );

    const events = (await timeline()).body.events;
    expect(events.at(-1)).toMatchObject({
      kind: 'signed',
      orderId: order.id,
      orderNumber: order.number,
      name: 'Pat Signer',
    });
    const activity = await apiCall<{ activity: { action: string; detail: { name?: string } }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/activity`,
    );
    expect(activity.body.activity.map((a) => a.action)).toContain('contract_signed');
    // Signed: the contract link is no longer offered, and asking for it is refused.
    expect((await linksOf()).body.orders.find((o) => o.id === order.id)?.awaitingSignature).toBe(
      false,
    );
    expect((await makeLink({ orderId: order.id, kind: 'sign' })).status).toBe(409);
  });

  it('offers the changes to approve once the signed order changed; the approval shows in the thread', async () => {
    const order = await newOrder();
    const page = new URL(
      (await apiCall<{ url: string }>(owner, 'POST', `/api/orders/${order.id}/link`)).body.url,
    ).pathname;
    expect((await visit(`${page}/sign`, form({ name: 'Pat Signer', agree: 'yes' }))).status).toBe(
      303,
    );
    expect((await makeLink({ orderId: order.id, kind: 'approve' })).status).toBe(409);
    const changed = await apiCall(owner, 'PATCH', `/api/orders/${order.id}`, {
      lines: [
        { productId, quantity: 1 },
        { productId: chairsId, quantity: 10 },
      ],
    });
    expect(changed.status).toBe(200);
    expect((await linksOf()).body.orders.find((o) => o.id === order.id)?.awaitingApproval).toBe(
      true,
    );
    const link = await makeLink({ orderId: order.id, kind: 'approve' });
    expect(link.status).toBe(201);
    expect(await follow(link.body.url)).toBe(`${page}#changes-heading`);
    expect(
      (await visit(`${page}/approve`, form({ name: 'Pat Approver', agree: 'yes' }))).status,
    ).toBe(303);
    expect((await timeline()).body.events.at(-1)).toMatchObject({
      kind: 'approved',
      orderId: order.id,
      name: 'Pat Approver',
    });
  });

  it('makes a pay link for any amount; the customer pays on the card page and it shows in the thread', async () => {
    const order = await newOrder();
    const link = await makeLink({ orderId: order.id, kind: 'pay', amount: 12_345 });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ kind: 'pay', amount: 12_345, orderNumber: order.number });
    const checkout = await follow(link.body.url);
    expect(checkout).toMatch(/\/sandbox\/payments\/pay\/cs_test_/);
    const paid = await visit(
      checkout,
      form({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Pat' }),
    );
    expect(paid.status).toBeLessThan(400);
    const event = await waitUntil(
      'the payment in the timeline',
      async () => (await timeline()).body.events.find((e) => e.kind === 'paid'),
      (found) => found !== undefined,
    );
    expect(event).toMatchObject({ orderId: order.id, orderNumber: order.number, amount: 12_345 });
    const activity = await apiCall<{ activity: { action: string; detail: { text?: string } }[] }>(
      owner,
      'GET',
      `/api/orders/${order.id}/activity`,
    );
    expect(activity.body.activity.find((a) => a.action === 'customer_paid')?.detail.text).toBe(
      'Payment paid by card online: $123.45',
    );
    // The balance without an amount.
    const balance = await makeLink({ orderId: order.id, kind: 'pay' });
    expect(balance.body.amount).toBe(20_000 - 12_345);
    // Past the pay link's own end, its short link says so.
    const code = balance.body.url.split('/l/')[1] as string;
    await server.db
      .update(shortLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shortLinks.code, code));
    const expired = await visit(balance.body.url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This link has expired');
  });

  it('keeps to the conversation’s customer, the member’s permissions and clear input errors', async () => {
    const order = await newOrder();
    // Another customer's conversation cannot make a link to this customer's order.
    const elsewhere = await apiCall(
      owner,
      'POST',
      `/api/phone/text/${strangerConversationId}/links`,
      {
        orderId: order.id,
        kind: 'order',
      },
    );
    expect(elsewhere.status).toBe(404);
    expect(
      (await apiCall<Timeline>(owner, 'GET', `/api/phone/text/${strangerConversationId}/timeline`))
        .body.events,
    ).toEqual([]);

    const bad = await makeLink({ orderId: order.id, kind: 'order', amount: 100 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { fields: { amount: ['Only a pay link has an amount'] } },
    });
    const unknown = await makeLink({ orderId: order.id, kind: 'fax' });
    expect(unknown.status).toBe(400);

    // A clerk who texts but takes no payments: links, but no pay link and no money.
    const clerkOptions = await linksOf(clerk);
    expect(clerkOptions.body.payLinks).toBe(false);
    expect(clerkOptions.body.orders.every((o) => o.balanceDue === null)).toBe(true);
    expect((await makeLink({ orderId: order.id, kind: 'order' }, clerk)).status).toBe(201);
    const refused = await makeLink({ orderId: order.id, kind: 'pay' }, clerk);
    expect(refused.status).toBe(403);
    const clerkTimeline = await timeline(clerk);
    expect(clerkTimeline.body.events.every((e) => e.amount === null)).toBe(true);
    expect((await linksOf(reader)).status).toBe(403);
    expect((await timeline(reader)).status).toBe(200);

    // An unknown short link.
    const missing = await visit('/l/ABCDEFGHJK');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Link not found');
    expect((await visit('/l/not-a-code')).status).toBe(404);
  });
});
