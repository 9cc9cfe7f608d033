import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Two server instances on one PostgreSQL database, as behind a load balancer. The embedded
// database is one process's own, so this runs in the PostgreSQL pass of CI.
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let business: string;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.databaseUrl as string });
    const [row] = await a.db
      .select({ number: phoneServices.phoneNumber })
      .from(phoneServices)
      .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
    business = row?.number as string;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a text received by instance A to a browser connected to instance B', async () => {
    const ownerOnB = await b.signIn('owner@tentpole.test');
    const controller = new AbortController();
    const stream = await fetch(`${b.baseUrl}/api/events`, {
      headers: { cookie: [...ownerOnB.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const received = (async () => {
      while (!text.includes('event: message.received')) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    await vi.waitFor(() => expect(text).toContain('event: ready'), {
      timeout: 5_000,
      interval: 20,
    });

    const params = {
      MessageSid: 'SMtwoinstances000000000000000001',
      From: '+15550100180',
      To: business,
      Body: 'Across instances',
    };
    const response = await signedWebhook(a, { provider: 'twilio', path: 'sms', params });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(text).toContain('event: message.received'), {
      timeout: 5_000,
      interval: 20,
    });
    controller.abort();
    await received;
    const list = (await (await ownerOnB.get('/api/phone/text?filter=all')).json()) as {
      conversations: { phoneNumber: string }[];
    };
    expect(list.conversations.map((c) => c.phoneNumber)).toContain('+15550100180');
  });
});
