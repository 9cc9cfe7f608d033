import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/auth/tables.js';
import { orders } from '../src/features/orders/tables.js';
import { receiveText } from '../src/features/phone/texts/service.js';
import { conversations } from '../src/features/phone/texts/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 7, the shared inbox: assigning a conversation, open and closed, the "mine" and
// "unassigned" views, and saved replies with merge fields (decision 0060).

let server: TestServer;
let owner: HttpClient;
let ownerId: string;
let clerk: { client: HttpClient; userId: string };
let reader: { client: HttpClient; userId: string };
let warehouse: { client: HttpClient; userId: string };
let accountId: string;
let customerId: string;
let patConversation: string;
let strangerConversation: string;

type Item = {
  id: string;
  status: 'open' | 'closed';
  assignee: { id: string; name: string } | null;
  unreadCount: number;
};
const list = async (filter: string, client: HttpClient = owner) =>
  (
    await apiCall<{ conversations: Item[] }>(
      client,
      'GET',
      `/api/phone/text?filter=${encodeURIComponent(filter)}`,
    )
  ).body.conversations.map((c) => c.id);
const patch = (id: string, body: unknown, client: HttpClient = owner) =>
  apiCall<Item & { error?: { fields?: Record<string, string[]> } }>(
    client,
    'PATCH',
    `/api/phone/text/${id}`,
    body,
  );

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Inbox Rentals',
    email: 'inbox-owner@tentpole.test',
    settings: { timezone: 'UTC', currency: 'USD' },
  });
  accountId = account.accountId;
  ownerId = account.userId;
  owner = await server.signIn(account.email);
  clerk = await addMember(server, accountId, 'inbox-clerk@tentpole.test', [
    'tentpole:phone.read',
    'tentpole:phone.write',
  ]);
  reader = await addMember(server, accountId, 'inbox-reader@tentpole.test', [
    'tentpole:phone.read',
  ]);
  warehouse = await addMember(server, accountId, 'inbox-warehouse@tentpole.test', [
    'tentpole:product.read',
  ]);
  const [pat] = await createCustomers(server.db, accountId, 1);
  customerId = pat?.id as string;
  const at = new Date();
  const [a, b] = await server.db
    .insert(conversations)
    .values([
      { accountId, phoneNumber: '+15550177001', customerId, lastMessageAt: at },
      { accountId, phoneNumber: '+15550177002', lastMessageAt: at },
    ])
    .returning({ id: conversations.id });
  patConversation = a?.id as string;
  strangerConversation = b?.id as string;
});
afterAll(() => server?.close());

describe('the shared inbox', () => {
  it('lists teammates who can read texts, and no one else', async () => {
    const { status, body } = await apiCall<{ teammates: { id: string; name: string }[] }>(
      reader.client,
      'GET',
      '/api/phone/teammates',
    );
    expect(status).toBe(200);
    const ids = body.teammates.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([ownerId, clerk.userId, reader.userId]));
    expect(ids).not.toContain(warehouse.userId);
  });

  it("assigns a conversation: it leaves 'unassigned' and shows under the assignee's 'mine'", async () => {
    expect(await list('unassigned')).toEqual(
      expect.arrayContaining([patConversation, strangerConversation]),
    );
    const assigned = await patch(patConversation, { assigneeId: clerk.userId }, clerk.client);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      id: patConversation,
      status: 'open',
      assignee: { id: clerk.userId },
    });
    expect(await list('mine', clerk.client)).toEqual([patConversation]);
    expect(await list('mine')).toEqual([]);
    expect(await list('unassigned')).toEqual([strangerConversation]);
    const [row] = (
      await apiCall<{ conversations: Item[] }>(owner, 'GET', '/api/phone/text?filter=all')
    ).body.conversations.filter((c) => c.id === patConversation);
    expect(row?.assignee?.id).toBe(clerk.userId);
    // The conversation's page says it too.
    const page = await apiCall<{ inbox: { status: string; assignee: { id: string } | null } }>(
      owner,
      'POST',
      `/api/phone/text/${patConversation}`,
      {},
    );
    expect(page.body.inbox).toMatchObject({ status: 'open', assignee: { id: clerk.userId } });

    // Unassigning gives it back to everyone.
    expect((await patch(patConversation, { assigneeId: null })).body.assignee).toBeNull();
    expect(await list('mine', clerk.client)).toEqual([]);
  });

  it('refuses an assignee who cannot read texts or is not on the team, with the field named', async () => {
    const stranger = await createAccountWithUser(server.db, {
      name: 'Elsewhere Inbox',
      email: 'inbox-elsewhere@tentpole.test',
    });
    for (const assigneeId of [warehouse.userId, stranger.userId, 'not-a-uuid']) {
      const refused = await patch(patConversation, { assigneeId });
      expect(refused.status, assigneeId).toBe(400);
      expect(refused.body.error?.fields?.assigneeId).toEqual([
        'Choose a teammate who can read texts',
      ]);
    }
    expect((await patch(patConversation, {})).status).toBe(400);
    expect((await patch(patConversation, { status: 'snoozed' })).status).toBe(400);
  });

  it('lets only those who send texts change it, and 404s another account', async () => {
    expect((await patch(patConversation, { status: 'closed' }, reader.client)).status).toBe(403);
    const outsider = await createAccountWithUser(server.db, {
      name: 'Other Inbox',
      email: 'inbox-outsider@tentpole.test',
    });
    const other = await server.signIn(outsider.email);
    expect((await patch(patConversation, { status: 'closed' }, other)).status).toBe(404);
    expect((await list('all', other)).includes(patConversation)).toBe(false);
  });

  it("a removed or suspended member's conversations read as nobody's", async () => {
    const temp = await addMember(server, accountId, 'inbox-temp@tentpole.test', [
      'tentpole:phone.read',
    ]);
    expect((await patch(strangerConversation, { assigneeId: temp.userId })).status).toBe(200);
    expect(await list('unassigned')).not.toContain(strangerConversation);
    await server.db
      .update(memberships)
      .set({ suspendedAt: new Date() })
      .where(eq(memberships.userId, temp.userId));
    expect(await list('unassigned')).toContain(strangerConversation);
    const [item] = (
      await apiCall<{ conversations: Item[] }>(owner, 'GET', '/api/phone/text?filter=all')
    ).body.conversations.filter((c) => c.id === strangerConversation);
    expect(item?.assignee).toBeNull();
  });

  it('closes a conversation out of the open views; a new text from the customer reopens it', async () => {
    const closed = await patch(patConversation, { status: 'closed' }, clerk.client);
    expect(closed.body.status).toBe('closed');
    expect(await list('all')).not.toContain(patConversation);
    expect(await list('unassigned')).not.toContain(patConversation);
    expect(await list('closed')).toEqual([patConversation]);
    // A search finds closed conversations too.
    expect(await list('177001')).toEqual([patConversation]);

    await receiveText(server.db, {
      accountId,
      from: '+15550177001',
      body: 'One more question about Saturday',
      sid: `SM${Date.now()}inbox`,
    });
    expect(await list('closed')).toEqual([]);
    expect(await list('all')).toContain(patConversation);
    expect(await list('unread')).toContain(patConversation);

    // Reopening by hand works too.
    await patch(patConversation, { status: 'closed' });
    expect((await patch(patConversation, { status: 'open' })).body.status).toBe('open');
    expect(await list('all')).toContain(patConversation);
  });
});

type Reply = { id: string; name: string; body: string };

describe('saved replies', () => {
  it('are saved by those who send texts, read by the team, and refuse unknown merge fields', async () => {
    const made = await apiCall<Reply>(clerk.client, 'POST', '/api/saved-replies', {
      name: 'Balance reminder',
      body: 'Hi {{customer.firstName}}, order #{{order.number}} has {{order.balance}} due: {{order.payLink}}',
    });
    expect(made.status).toBe(201);
    const listed = await apiCall<{ replies: Reply[] }>(reader.client, 'GET', '/api/saved-replies');
    expect(listed.body.replies.map((r) => r.name)).toContain('Balance reminder');
    expect(
      (
        await apiCall(reader.client, 'POST', '/api/saved-replies', {
          name: 'Nope',
          body: 'Hello',
        })
      ).status,
    ).toBe(403);

    const unknown = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      '/api/saved-replies',
      { name: 'Typo', body: 'Hi {{customer.frstName}}' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.body).toEqual(['Unknown merge field: {{customer.frstName}}']);
    const empty = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'POST',
      '/api/saved-replies',
      { name: ' ', body: '' },
    );
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields).sort()).toEqual(['body', 'name']);
    // One name per account, whatever its case.
    const twice = await apiCall(owner, 'POST', '/api/saved-replies', {
      name: 'balance REMINDER',
      body: 'Again',
    });
    expect(twice.status).toBe(409);
  });

  it("fill in the conversation's customer and their next order, with a short pay link", async () => {
    const { body: product } = await apiCall<{ product: { id: string } }>(
      owner,
      'POST',
      '/api/products',
      { name: 'Inbox Castle', quantity: 5, pricing: { mode: 'flat', amount: 18_000 } },
    );
    const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const created = await apiCall<{ order: { id: string; number: number } }>(
      owner,
      'POST',
      '/api/orders',
      {
        customerId,
        eventStart: `${future}T15:00:00Z`,
        eventEnd: `${future}T23:00:00Z`,
        fulfilment: 'pickup',
        lines: [{ productId: product.product.id, quantity: 1 }],
      },
    );
    expect(created.status).toBe(201);
    const order = created.body.order;
    await server.db.update(orders).set({ status: 'reserved' }).where(eq(orders.id, order.id));

    const replies = (await apiCall<{ replies: Reply[] }>(owner, 'GET', '/api/saved-replies')).body
      .replies;
    const reminder = replies.find((r) => r.name === 'Balance reminder') as Reply;
    const filled = await apiCall<{ body: string; orderNumber: number | null; missing: string[] }>(
      clerk.client,
      'POST',
      `/api/saved-replies/${reminder.id}/fill`,
      { conversationId: patConversation },
    );
    expect(filled.status).toBe(200);
    expect(filled.body.orderNumber).toBe(order.number);
    expect(filled.body.missing).toEqual([]);
    const [, link] =
      filled.body.body.match(
        new RegExp(`^Hi Test0001, order #${order.number} has \\$180\\.00 due: (\\S+)$`),
      ) ?? [];
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/l/[A-Za-z2-9]{10}$`));
    const followed = await fetch(link as string, { redirect: 'manual' });
    expect(followed.headers.get('location')).toMatch(/^\/o\/[A-Za-z0-9_-]{32}#pay$/);

    // A number that is no customer's: the customer and order fields are left empty.
    const plain = await apiCall<{ body: string; orderNumber: number | null; missing: string[] }>(
      clerk.client,
      'POST',
      `/api/saved-replies/${reminder.id}/fill`,
      { conversationId: strangerConversation },
    );
    expect(plain.body).toEqual({
      body: 'Hi , order # has  due:',
      orderNumber: null,
      missing: ['customer.firstName', 'order.number', 'order.balance', 'order.payLink'],
    });
  });

  it('are changed and deleted, and another account sees none of them', async () => {
    const { body: made } = await apiCall<Reply>(owner, 'POST', '/api/saved-replies', {
      name: 'Directions',
      body: 'We are at {{business.name}}',
    });
    const changed = await apiCall<Reply>(owner, 'PUT', `/api/saved-replies/${made.id}`, {
      name: 'Where we are',
      body: 'Find {{business.name}} here',
    });
    expect(changed.body).toMatchObject({
      name: 'Where we are',
      body: 'Find {{business.name}} here',
    });
    const filled = await apiCall<{ body: string }>(
      owner,
      'POST',
      `/api/saved-replies/${made.id}/fill`,
      { conversationId: strangerConversation },
    );
    expect(filled.body.body).toBe('Find Inbox Rentals here');

    const outsider = await server.signIn('inbox-outsider@tentpole.test');
    expect((await apiCall(outsider, 'DELETE', `/api/saved-replies/${made.id}`)).status).toBe(404);
    expect(
      (
        await apiCall(outsider, 'POST', `/api/saved-replies/${made.id}/fill`, {
          conversationId: strangerConversation,
        })
      ).status,
    ).toBe(404);
    expect(
      (await apiCall<{ replies: Reply[] }>(outsider, 'GET', '/api/saved-replies')).body.replies,
    ).toEqual([]);
    // Another account's conversation cannot be filled for with this account's reply.
    expect(
      (
        await apiCall(owner, 'POST', `/api/saved-replies/${made.id}/fill`, {
          conversationId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);

    expect((await apiCall(owner, 'DELETE', `/api/saved-replies/${made.id}`)).status).toBe(204);
    expect((await apiCall(owner, 'DELETE', `/api/saved-replies/${made.id}`)).status).toBe(404);
  });
});
