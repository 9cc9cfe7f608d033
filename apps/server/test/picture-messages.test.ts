import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MMS_MEDIA_MAX_BYTES } from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { customers } from '../src/features/customers/tables.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { fetchCarrierMedia } from '../src/features/phone/texts/media.js';
import { messageMedia, messages, smsOptOuts } from '../src/features/phone/texts/tables.js';
import { createAccountWithUser, createOrder } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { signedWebhook } from './helpers/signed-webhook.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 5: a customer texts a picture; it lands in the conversation and, with one
// click, on the order's site photos. Staff can text the photo request from the order.

let server: TestServer;
let owner: HttpClient;
let bounce: { id: string; number: string };
let customer: { id: string; phone: string };
let orderId: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@tentpole.test');
  const [row] = await server.db
    .select({ id: accounts.id, number: phoneServices.phoneNumber })
    .from(accounts)
    .innerJoin(phoneServices, eq(phoneServices.accountId, accounts.id))
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  bounce = { id: row?.id as string, number: row?.number as string };
  const phone = '+15550148801';
  const [made] = await server.db
    .insert(customers)
    .values({
      accountId: bounce.id,
      firstName: 'Marisol',
      lastName: 'Picture',
      email: 'marisol.picture@example.com',
      phoneNumber: phone,
    })
    .returning({ id: customers.id });
  customer = { id: made?.id as string, phone };
  const ahead = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  orderId = (
    await createOrder(server.db, {
      accountId: bounce.id,
      customerId: customer.id,
      number: 88_001,
      eventDate: ahead,
    })
  ).id;
  png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 60 } },
  })
    .png()
    .toBuffer();
}, 60_000);
afterAll(() => server?.close());

/** A JSON POST as the owner. */
function post(path: string, body: unknown, client: HttpClient = owner) {
  return client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function textFromPhone(
  from: string,
  body: string,
  media: { contentType: string; data: Buffer }[],
) {
  const response = await fetch(`${server.baseUrl}/sandbox/control/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      from,
      to: bounce.number,
      body,
      media: media.map((m) => ({ contentType: m.contentType, data: m.data.toString('base64') })),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { sid: string }).sid;
}

type Thread = {
  messages: {
    id: string;
    direction: string;
    body: string;
    media?: {
      id: string;
      status: string;
      contentType: string;
      url: string | null;
      orderId: string | null;
    }[];
  }[];
};

async function conversationIdOf(phone: string) {
  const { conversations } = (await (
    await owner.get(`/api/phone/text?filter=${encodeURIComponent(phone.slice(-7))}`)
  ).json()) as { conversations: { id: string; phoneNumber: string }[] };
  const found = conversations.find((c) => c.phoneNumber === phone);
  if (!found) throw new Error(`no conversation with ${phone}`);
  return found.id;
}

async function thread(conversationId: string) {
  const response = await owner.request(`/api/phone/text/${conversationId}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as Thread;
}

/** Waits until the message with this carrier sid has no picture still being fetched. */
async function settledMedia(sid: string) {
  return vi.waitFor(
    async () => {
      const [message] = await server.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.providerSid, sid));
      if (!message) throw new Error('not stored yet');
      const rows = await server.db
        .select({ status: messageMedia.status, size: messageMedia.size })
        .from(messageMedia)
        .where(eq(messageMedia.messageId, message.id));
      if (rows.length === 0 || rows.some((r) => r.status === 'pending'))
        throw new Error('still fetching');
      return { messageId: message.id, rows };
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('a picture texted in', () => {
  it('is copied from the carrier and shown in the conversation, then put on the order once', async () => {
    const sid = await textFromPhone(customer.phone, 'Here is the yard', [
      { contentType: 'image/png', data: png },
    ]);
    expect(sid).toMatch(/^MM/);
    const { rows } = await settledMedia(sid);
    expect(rows).toEqual([{ status: 'stored', size: png.length }]);

    const conversationId = await conversationIdOf(customer.phone);
    const { messages: shown } = await thread(conversationId);
    const message = shown.find((m) => m.body === 'Here is the yard');
    expect(message?.media).toEqual([
      {
        id: expect.any(String),
        status: 'stored',
        contentType: 'image/png',
        url: expect.stringMatching(/^\/api\/phone\/media\//),
        orderId: null,
      },
    ]);
    const media = message?.media?.[0];
    const picture = await owner.get(media?.url ?? '');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(picture.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await picture.arrayBuffer()).equals(png)).toBe(true);

    // One click: on the order's site photos.
    const added = await post(`/api/phone/media/${media?.id}/order-photo`, { orderId });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ mediaId: media?.id, orderId });
    const { photos } = (await (await owner.get(`/api/orders/${orderId}/photos`)).json()) as {
      photos: { kind: string; thumbnailUrl: string }[];
    };
    expect(photos.map((p) => p.kind)).toEqual(['site']);
    const thumbnail = await owner.get(photos[0]?.thumbnailUrl ?? '');
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    // The thread says which order it went to; a second click changes nothing.
    const again = await post(`/api/phone/media/${media?.id}/order-photo`, { orderId });
    expect(again.status).toBe(409);
    const after = await thread(conversationId);
    expect(after.messages.find((m) => m.id === message?.id)?.media?.[0]?.orderId).toBe(orderId);
    const photosAfter = (await (await owner.get(`/api/orders/${orderId}/photos`)).json()) as {
      photos: unknown[];
    };
    expect(photosAfter.photos).toHaveLength(1);
  }, 60_000);

  it('puts a picture on the order once when three clicks arrive together', async () => {
    const sid = await textFromPhone(customer.phone, '', [{ contentType: 'image/png', data: png }]);
    const { messageId } = await settledMedia(sid);
    const [media] = await server.db
      .select({ id: messageMedia.id })
      .from(messageMedia)
      .where(eq(messageMedia.messageId, messageId));
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/api/phone/media/${media?.id}/order-photo`, { orderId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  }, 60_000);

  it('keeps a picture-only text, listed as "Picture"', async () => {
    const phone = '+15550148802';
    await textFromPhone(phone, '', [{ contentType: 'image/png', data: png }]);
    const { conversations } = (await (
      await owner.get('/api/phone/text?filter=0148802')
    ).json()) as {
      conversations: { lastMessagePreview: string }[];
    };
    expect(conversations[0]?.lastMessagePreview).toBe('Picture');
  });

  it('refuses a file that is not a picture without fetching it', async () => {
    const phone = '+15550148803';
    const pdf = await textFromPhone(phone, 'A form', [
      { contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    expect((await settledMedia(pdf)).rows).toEqual([{ status: 'refused', size: null }]);
    const conversationId = await conversationIdOf(phone);
    const { messages: shown } = await thread(conversationId);
    expect(shown.flatMap((m) => m.media ?? []).map((m) => [m.status, m.url])).toEqual([
      ['refused', null],
    ]);
  }, 60_000);

  it("never fetches a media URL that is not the carrier's (it would carry our credentials)", async () => {
    const params = {
      MessageSid: `MM${'e'.repeat(32)}`,
      AccountSid: server.telephony.accountSid,
      From: '+15550148804',
      To: bounce.number,
      Body: 'look',
      NumMedia: '1',
      MediaUrl0: 'http://127.0.0.1:9/steal-credentials',
      MediaContentType0: 'image/jpeg',
    };
    const post = () => signedWebhook(server, { provider: 'twilio', path: 'sms', params });
    expect((await post()).status).toBe(200);
    // The carrier's retry of the same text stores nothing twice.
    expect((await post()).status).toBe(200);
    const { rows } = await settledMedia(params.MessageSid);
    expect(rows).toEqual([{ status: 'refused', size: null }]);
  });

  it("answers 404 for another account's picture", async () => {
    const [media] = await server.db
      .select({ id: messageMedia.id })
      .from(messageMedia)
      .where(eq(messageMedia.status, 'stored'))
      .limit(1);
    await createAccountWithUser(server.db, {
      name: 'Other Pictures Co',
      email: 'pictures-outsider@tentpole.test',
    });
    const outsider = await server.signIn('pictures-outsider@tentpole.test');
    expect((await outsider.get(`/api/phone/media/${media?.id}`)).status).toBe(404);
    expect(
      (await post(`/api/phone/media/${media?.id}/order-photo`, { orderId }, outsider)).status,
    ).toBe(404);
  });

  it('refuses an order of another account, and bad input, with 404 and 400', async () => {
    const sid = await textFromPhone(customer.phone, 'another', [
      { contentType: 'image/png', data: png },
    ]);
    const { messageId } = await settledMedia(sid);
    const [media] = await server.db
      .select({ id: messageMedia.id })
      .from(messageMedia)
      .where(eq(messageMedia.messageId, messageId));
    const other = await createAccountWithUser(server.db, {
      name: 'Order Elsewhere',
      email: 'order-elsewhere@tentpole.test',
    });
    const [otherCustomer] = await server.db
      .insert(customers)
      .values({
        accountId: other.accountId,
        firstName: 'A',
        lastName: 'B',
        email: 'ab@example.com',
      })
      .returning({ id: customers.id });
    const foreign = await createOrder(server.db, {
      accountId: other.accountId,
      customerId: otherCustomer?.id as string,
      number: 1,
      eventDate: '2026-12-24',
    });
    const path = `/api/phone/media/${media?.id}/order-photo`;
    expect((await post(path, { orderId: foreign.id })).status).toBe(404);
    const bad = await post(path, { orderId: 'nope' });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields,
    ).toEqual({ orderId: ['Choose an order'] });
    // Refused ones leave the picture free for the right order.
    expect((await post(path, { orderId })).status).toBe(200);
  }, 60_000);
});

describe('the photo request from an order', () => {
  it('texts the customer the request, which reaches their phone and the order activity', async () => {
    const response = await post(`/api/phone/orders/${orderId}/photo-request`, {});
    expect(response.status).toBe(201);
    const { conversationId, messageId } = (await response.json()) as {
      conversationId: string;
      messageId: string;
    };
    const { messages: shown } = await thread(conversationId);
    const sent = shown.find((m) => m.id === messageId);
    expect(sent?.body).toMatch(
      /^Hi Marisol, this is Bounce Kingdom Party Rentals\. Could you send us a photo of the setup spot for your party on \w+day, \w+ \d+\? Just reply to this text with a picture/,
    );
    await vi.waitFor(
      async () => {
        const carrier = (await (
          await fetch(
            `${server.baseUrl}/sandbox/control/messages?to=${encodeURIComponent(customer.phone)}`,
          )
        ).json()) as { body: string }[];
        expect(carrier.map((m) => m.body)).toContain(sent?.body);
      },
      { timeout: 15_000, interval: 100 },
    );
    const { activity } = (await (await owner.get(`/api/orders/${orderId}/activity`)).json()) as {
      activity: { action: string; detail: Record<string, unknown> }[];
    };
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'message_sent',
          detail: expect.objectContaining({ template: 'Photo of the setup spot' }),
        }),
      ]),
    );
  });

  it('answers 409 when the customer opted out (STOP), and 404 for an unknown order', async () => {
    await server.db
      .insert(smsOptOuts)
      .values({ accountId: bounce.id, phoneNumber: customer.phone });
    try {
      const response = await post(`/api/phone/orders/${orderId}/photo-request`, {});
      expect(response.status).toBe(409);
    } finally {
      await server.db.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, customer.phone));
    }
    const missing = await post(
      '/api/phone/orders/00000000-0000-4000-8000-000000000000/photo-request',
      {},
    );
    expect(missing.status).toBe(404);
  });
});

describe('fetching from the carrier (fetchCarrierMedia)', () => {
  let files: Server;
  let base: string;
  let seenAuthorization: string | undefined;
  beforeAll(async () => {
    files = createServer((request, response) => {
      seenAuthorization = request.headers.authorization;
      const big = Buffer.alloc(MMS_MEDIA_MAX_BYTES + 1, 7);
      if (request.url === '/declared-big') {
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': big.length });
        response.end(big);
      } else if (request.url === '/chunked-big') {
        // No length up front: the reader stops at the limit.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        for (let i = 0; i < 6; i += 1) response.write(Buffer.alloc(1024 * 1024, i));
        response.end();
      } else if (request.url === '/html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<script>alert(1)</script>');
      } else if (request.url === '/gone') {
        response.writeHead(404);
        response.end();
      } else if (request.url === '/down') {
        response.writeHead(503);
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'image/png; charset=binary' });
        response.end(Buffer.from('png-bytes'));
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => files.close(() => resolve())));
  const credentials = { username: 'AC123', password: 'secret' };

  it("sends the account's credentials and keeps a picture of its type", async () => {
    expect(await fetchCarrierMedia(credentials, `${base}/ok`)).toEqual({
      contentType: 'image/png',
      bytes: Buffer.from('png-bytes'),
    });
    expect(seenAuthorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
  });

  it('refuses more than 5 MB, declared or streamed, and what is not a picture', async () => {
    expect(await fetchCarrierMedia(credentials, `${base}/declared-big`)).toEqual({
      refused: 'too large',
    });
    expect(await fetchCarrierMedia(credentials, `${base}/chunked-big`)).toEqual({
      refused: 'too large',
    });
    expect(await fetchCarrierMedia(credentials, `${base}/html`)).toEqual({
      refused: 'not a picture (text/html)',
    });
    expect(await fetchCarrierMedia(credentials, `${base}/gone`)).toEqual({
      refused: 'gone at the carrier',
    });
  });

  it('throws (the job retries) when the carrier cannot answer now', async () => {
    await expect(fetchCarrierMedia(credentials, `${base}/down`)).rejects.toThrow(/503/);
  });
});
