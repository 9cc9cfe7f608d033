import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, memberships, users } from '../src/auth/tables.js';
import { coupons } from '../src/features/coupons/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { depots, vehicles } from '../src/features/delivery/tables.js';
import { savedReplies } from '../src/features/emails/tables.js';
import {
  categories,
  downtimes,
  inventoryImages,
  products,
  productUnits,
  surfaces,
} from '../src/features/inventory/tables.js';
import { documents, orders } from '../src/features/orders/tables.js';
import { calls } from '../src/features/phone/tables.js';
import { conversations, messageMedia, messages } from '../src/features/phone/texts/tables.js';
import { blackouts, staffTimeOff } from '../src/features/schedule/tables.js';
import { staffInvites } from '../src/features/staff/tables.js';
import { websiteImages, websitePages } from '../src/features/website/tables.js';
import type { DeclaredRoute } from '../src/http/route-table.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { CASES, type Case, type Ids } from './helpers/route-cases.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// OWASP API1/API5: every /api route from the route table is called (a) without a session,
// (b) by a user of another account with this account's ids, (c) by a member without the
// route's permission. A new route fails this test until it is described below.

let server: TestServer;
let ids: Ids;
let outsider: HttpClient;
let nobody: HttpClient;
let guarded: DeclaredRoute[];
let bounceAccountId: string;

beforeAll(async () => {
  server = await startTestServer();
  const [bounce] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  const accountId = bounce?.id as string;
  bounceAccountId = accountId;
  const [c] = await server.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.accountId, accountId))
    .limit(1);
  const [conversation] = await server.db
    .insert(conversations)
    .values({ accountId, phoneNumber: '+15550100777' })
    .returning({ id: conversations.id });
  const [call] = await server.db
    .insert(calls)
    .values({
      accountId,
      callSid: 'CAisolation00000000000000000000001',
      direction: 'inbound',
      via: 'pstn',
      fromNumber: '+15550100777',
      toNumber: '+15550190100',
      counterpartNumber: '+15550100777',
      status: 'completed',
      startedAt: new Date(),
      voicemailRecordingSid: 'RE1',
      voicemailUrl: 'http://127.0.0.1:9/nowhere',
    })
    .returning({ id: calls.id });
  const [inbound] = await server.db
    .insert(messages)
    .values({
      accountId,
      conversationId: conversation?.id as string,
      direction: 'inbound',
      body: '',
      status: 'received',
      providerSid: 'MMisolation',
    })
    .returning({ id: messages.id });
  const [media] = await server.db
    .insert(messageMedia)
    .values({
      accountId,
      messageId: inbound?.id as string,
      position: 0,
      contentType: 'image/png',
      carrierUrl: 'http://127.0.0.1:9/nowhere',
      status: 'stored',
      bytes: Buffer.from('png'),
      size: 3,
    })
    .returning({ id: messageMedia.id });
  const [category] = await server.db
    .insert(categories)
    .values({ accountId, name: 'Isolation', slug: 'isolation' })
    .returning({ id: categories.id });
  const [product] = await server.db
    .insert(products)
    .values({
      accountId,
      name: 'Isolation Castle',
      slug: 'isolation-castle',
      type: 'rental',
      tracking: 'serialized',
      quantity: 0,
      pricing: { mode: 'flat', amount: 100 },
    })
    .returning({ id: products.id });
  const productId = product?.id as string;
  const [unit] = await server.db
    .insert(productUnits)
    .values({ accountId, productId, name: 'Castle #1' })
    .returning({ id: productUnits.id });
  const [image] = await server.db
    .insert(inventoryImages)
    .values({
      accountId,
      productId,
      contentType: 'image/webp',
      full: Buffer.from('full'),
      thumbnail: Buffer.from('thumb'),
    })
    .returning({ id: inventoryImages.id });
  const [surface] = await server.db
    .insert(surfaces)
    .values({ accountId, name: 'Isolation grass' })
    .returning({ id: surfaces.id });
  const [downtime] = await server.db
    .insert(downtimes)
    .values({ accountId, productId, quantity: 1, reason: 'repair', from: new Date(), hard: true })
    .returning({ id: downtimes.id });
  const [order] = await server.db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .limit(1);
  const [document] = await server.db
    .insert(documents)
    .values({
      accountId,
      customerId: order?.customerId as string,
      orderId: order?.id as string,
      kind: 'quote',
      title: 'Quote #isolation',
      status: 'draft',
      pdf: Buffer.from('%PDF-1.4 isolation'),
    })
    .returning({ id: documents.id });
  const [coupon] = await server.db
    .insert(coupons)
    .values({ accountId, code: 'ISOLATION', kind: 'percent', percentBps: 1000 })
    .returning({ id: coupons.id });
  const [blackout] = await server.db
    .insert(blackouts)
    .values({ accountId, name: 'Isolation', startDate: '2026-07-04', endDate: '2026-07-04' })
    .returning({ id: blackouts.id });
  const [depot] = await server.db
    .insert(depots)
    .values({
      accountId,
      name: 'Isolation depot',
      line1: '1 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      lat: 30.27,
      lng: -97.74,
      locatedBy: 'pin',
    })
    .returning({ id: depots.id });
  const [vehicle] = await server.db
    .insert(vehicles)
    .values({
      accountId,
      name: 'Isolation truck',
      depotId: depot?.id as string,
      capacityUnits: 10,
      shiftStart: '08:00',
      shiftEnd: '18:00',
    })
    .returning({ id: vehicles.id });
  const [member] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'staff@tentpole.test'));
  const [invite] = await server.db
    .insert(staffInvites)
    .values({
      accountId,
      via: 'email',
      email: 'isolation-invite@tentpole.test',
      roles: ['tentpole:phone.read'],
      tokenHash: 'isolation-invite-token-hash',
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: staffInvites.id });
  const [timeOff] = await server.db
    .insert(staffTimeOff)
    .values({ accountId, userId: member?.id as string, fromDay: '2030-06-14', toDay: '2030-06-16' })
    .returning({ id: staffTimeOff.id });
  const [savedReply] = await server.db
    .insert(savedReplies)
    .values({ accountId, name: 'Isolation', body: 'Hi {{customer.firstName}}' })
    .returning({ id: savedReplies.id });
  const [websitePage] = await server.db
    .insert(websitePages)
    .values({ accountId, title: 'Isolation', slug: 'isolation' })
    .returning({ id: websitePages.id });
  const [websiteImage] = await server.db
    .insert(websiteImages)
    .values({
      accountId,
      contentType: 'image/webp',
      bytes: Buffer.from('webp'),
      width: 1,
      height: 1,
    })
    .returning({ id: websiteImages.id });
  ids = {
    customerId: c?.id as string,
    conversationId: conversation?.id as string,
    mediaId: media?.id as string,
    callId: call?.id as string,
    callSid: 'CAisolation00000000000000000000001',
    productId,
    unitId: unit?.id as string,
    imageId: image?.id as string,
    categoryId: category?.id as string,
    surfaceId: surface?.id as string,
    downtimeId: downtime?.id as string,
    orderId: order?.id as string,
    documentId: document?.id as string,
    couponId: coupon?.id as string,
    blackoutId: blackout?.id as string,
    depotId: depot?.id as string,
    vehicleId: vehicle?.id as string,
    memberId: member?.id as string,
    inviteId: invite?.id as string,
    timeOffId: timeOff?.id as string,
    savedReplyId: savedReply?.id as string,
    websitePageId: websitePage?.id as string,
    websiteImageId: websiteImage?.id as string,
  };

  // A user of another account, with every permission there; and a Bounce Kingdom member with none.
  await createAccountWithUser(server.db, {
    name: 'Elsewhere Rentals',
    email: 'outsider@tentpole.test',
  });
  const empty = await createAccountWithUser(server.db, {
    name: 'Nobody Holdings',
    email: 'nobody@tentpole.test',
    roles: [],
  });
  await server.db
    .insert(memberships)
    .values({ accountId, userId: empty.userId, kind: 'member', roles: [] });
  outsider = await server.signIn('outsider@tentpole.test');
  nobody = await server.signIn('nobody@tentpole.test');
  await nobody.updateSession({ accountId });
  guarded = server.routes.declared.filter(
    (r) => !('public' in r.access) && r.path.startsWith('/api/'),
  );
});
afterAll(() => server?.close());

const keyOf = (r: DeclaredRoute) => `${r.method} ${r.path}`;

async function call(client: HttpClient | null, route: DeclaredRoute, c: Case) {
  const init: RequestInit = { method: route.method };
  if (c.body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(c.body);
  }
  const target = client ?? server.client();
  const response = await target.request(c.path(ids), init);
  // An open event stream never ends: read its status and let it go.
  if (route.path === '/api/events' && response.status === 200) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  return { status: response.status, text: await response.text() };
}

describe('the tenant isolation matrix', () => {
  it('describes how to call every guarded /api route', () => {
    const undescribed = guarded.map(keyOf).filter((k) => !CASES[k]);
    expect(undescribed, 'describe these routes in CASES').toEqual([]);
  });

  it('answers 401 on every guarded route without a session', async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c) continue;
      const { status } = await call(null, route, c);
      expect(status, keyOf(route)).toBe(401);
    }
  });

  it("answers 404 to another account's user for this account's records, and never shows them", async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c?.namesRecord) continue;
      const { status, text } = await call(outsider, route, c);
      expect(status, keyOf(route)).toBe(404);
      for (const id of Object.values(ids)) expect(text, keyOf(route)).not.toContain(id);
    }
  });

  it("never shows this account's records to another account on its own lists and reports", async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c || c.namesRecord || route.method !== 'GET') continue;
      const { text } = await call(outsider, route, c);
      // An id the request itself names may be echoed back (availability of an unknown item).
      const asked = c.path(ids);
      for (const id of Object.values(ids))
        if (!asked.includes(id)) expect(text, keyOf(route)).not.toContain(id);
    }
  });

  it('answers 403 to a member holding the route’s permission but not the one it also needs', async () => {
    const members = new Map<string, HttpClient>();
    let checked = 0;
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c || !('permission' in route.access) || !route.access.also?.length) continue;
      const permission = route.access.permission;
      let member = members.get(permission);
      if (!member) {
        const email = `only-${permission.replace(/\W/g, '-')}@tentpole.test`;
        const made = await createAccountWithUser(server.db, {
          name: `Only ${permission}`,
          email,
          roles: [],
        });
        await server.db.insert(memberships).values({
          accountId: bounceAccountId,
          userId: made.userId,
          kind: 'member',
          roles: [`tentpole:${permission}`],
        });
        member = await server.signIn(email);
        await member.updateSession({ accountId: bounceAccountId });
        members.set(permission, member);
      }
      const { status, text } = await call(member, route, c);
      expect(status, keyOf(route)).toBe(403);
      expect(text).toContain(`Missing permission ${route.access.also[0]}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('answers 403 to a member without the route’s permission, naming it', async () => {
    for (const route of guarded) {
      const c = CASES[keyOf(route)];
      if (!c || !('permission' in route.access)) continue;
      const { status, text } = await call(nobody, route, c);
      expect(status, keyOf(route)).toBe(403);
      expect(text).toContain(`Missing permission ${route.access.permission}`);
    }
  });
});
