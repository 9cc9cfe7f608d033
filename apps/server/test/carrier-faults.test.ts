// Issue 8, faults: the carrier failing (5xx, 429, timeouts) while texts are sent. Every send is
// retried with backoff until it gets through, and none is lost or sent twice, including when the
// carrier took the text but its answer failed or never came.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/features/phone/texts/tables.js';
import { jobs } from '../src/jobs/tables.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: HttpClient;
let nextNumber = 200;

beforeAll(async () => {
  // An impatient carrier client, so a hung carrier shows up as a timeout within the test.
  server = await startTestServer({ carrierTimeoutMs: 500 });
  owner = await server.signIn('owner@tentpole.test');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await fetch(`${server.baseUrl}/sandbox/control/faults`, { method: 'DELETE' });
});

type RestFault = {
  kind: 'error' | 'hang';
  when: 'before' | 'after';
  count: number;
  status?: number;
  delayMs?: number;
};

/** A number no other test texts: its display form (as typed) and E.164. */
function newRecipient() {
  const digits = String(nextNumber++).padStart(4, '0');
  return { typed: `(555) 010-${digits}`, to: `+1555010${digits}` };
}

/**
 * Arms a fault on the carrier's message create (POST Messages.json) only, and with `to` only on
 * texts to that number: the app's automations text customers on their own schedule (the
 * day-before delivery window goes at 18:00 in the account's timezone), and a fault meant for
 * this test's text must not be spent on theirs.
 */
async function carrierFails(fault: RestFault, to?: string) {
  const response = await fetch(`${server.baseUrl}/sandbox/control/faults/rest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fault, method: 'POST', resource: 'Messages.json', to }),
  });
  expect(response.status).toBe(201);
}

async function faultsFired(): Promise<number> {
  const response = await fetch(`${server.baseUrl}/sandbox/control/faults`);
  const { rest } = (await response.json()) as { rest: { fired: number }[] };
  return rest.reduce((sum, f) => sum + f.fired, 0);
}

/** Texts a new number through the API; the message row's id and the number. */
async function sendText(body: string, recipient = newRecipient()) {
  const response = await owner.json('POST', '/api/phone/text/create', {
    phoneNumber: recipient.typed,
    body,
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { conversationId: id, to: recipient.to };
}

/** Waits for the text to be handed over, then checks the carrier holds it exactly once. */
async function expectSentOnce(sent: { conversationId: string; to: string }, body: string) {
  const row = await vi.waitFor(
    async () => {
      const [m] = await server.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, sent.conversationId));
      if (!m?.providerSid) throw new Error('not handed to the carrier yet');
      return m;
    },
    { timeout: 20_000, interval: 100 },
  );
  expect(row).toMatchObject({ body, providerSid: expect.stringMatching(/^SM/) });
  expect(row?.status).not.toBe('failed');
  // Proving a negative (no second copy at the carrier): a hung request may still land after
  // the text was handed over, so give late answers a short, bounded moment before counting.
  await new Promise((r) => setTimeout(r, 300));
  const atCarrier = await server.twilio.messages.list({ to: sent.to });
  expect(atCarrier.map((m) => [m.sid, m.body])).toEqual([[row?.providerSid, body]]);
  const [job] = await server.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, 'send-sms'), sql`${jobs.payload}->>'messageId' = ${row?.id as string}`),
    );
  return job;
}

describe('texts sent while the carrier fails', () => {
  it('retries a 5xx that stopped the request, with backoff, and sends once', async () => {
    const recipient = newRecipient();
    await carrierFails({ kind: 'error', when: 'before', count: 2, status: 503 }, recipient.to);
    const started = Date.now();
    const sent = await sendText('Carrier down twice', recipient);
    const job = await expectSentOnce(sent, 'Carrier down twice');
    expect(await faultsFired()).toBe(2);
    expect(job).toMatchObject({ attempts: 3, doneAt: expect.any(Date), failedAt: null });
    // Two backoffs: at least 1 s and 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
  });

  it('retries a 429 (rate limited) rather than failing the text', async () => {
    const recipient = newRecipient();
    await carrierFails({ kind: 'error', when: 'before', count: 1, status: 429 }, recipient.to);
    const sent = await sendText('Slow down', recipient);
    const job = await expectSentOnce(sent, 'Slow down');
    expect(job?.attempts).toBe(2);
  });

  it('adopts the text the carrier took when only its answer failed, instead of sending twice', async () => {
    const recipient = newRecipient();
    await carrierFails({ kind: 'error', when: 'after', count: 1, status: 500 }, recipient.to);
    const sent = await sendText('Answer lost', recipient);
    const job = await expectSentOnce(sent, 'Answer lost');
    expect(await faultsFired()).toBe(1);
    expect(job?.attempts).toBe(2);
  });

  it('adopts the text when the carrier took it and then hung past the timeout', async () => {
    const recipient = newRecipient();
    await carrierFails({ kind: 'hang', when: 'after', count: 1, delayMs: 2_000 }, recipient.to);
    const sent = await sendText('Answer late', recipient);
    const job = await expectSentOnce(sent, 'Answer late');
    expect(job?.attempts).toBe(2);
    expect(job?.lastError).toBeNull();
  });

  it('sends again when the carrier hung before taking the text', async () => {
    const recipient = newRecipient();
    await carrierFails({ kind: 'hang', when: 'before', count: 1, delayMs: 2_000 }, recipient.to);
    const sent = await sendText('Never arrived', recipient);
    const job = await expectSentOnce(sent, 'Never arrived');
    expect(job?.attempts).toBe(2);
  });

  it('keeps a text sent twice on purpose as two texts when the second answer is lost', async () => {
    const sent = await sendText('OK');
    await expectSentOnce(sent, 'OK');
    await carrierFails({ kind: 'error', when: 'after', count: 1, status: 500 }, sent.to);
    const again = await owner.json('POST', `/api/phone/text/${sent.conversationId}/sendMessage`, {
      body: 'OK',
    });
    expect(again.status).toBe(201);
    const rows = await vi.waitFor(
      async () => {
        const list = await server.db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, sent.conversationId));
        expect(list.map((m) => Boolean(m.providerSid))).toEqual([true, true]);
        return list;
      },
      { timeout: 20_000, interval: 100 },
    );
    const ours = rows.map((m) => m.providerSid).sort();
    expect(new Set(ours).size).toBe(2);
    const atCarrier = await server.twilio.messages.list({ to: sent.to });
    expect(atCarrier.map((m) => m.sid).sort()).toEqual(ours);
  });

  it('loses and doubles nothing in a burst of texts through an unreliable carrier', async () => {
    await carrierFails({ kind: 'error', when: 'before', count: 3, status: 503 });
    await carrierFails({ kind: 'error', when: 'after', count: 3, status: 502 });
    await carrierFails({ kind: 'hang', when: 'after', count: 2, delayMs: 1_000 });
    const bodies = Array.from({ length: 12 }, (_, i) => `Burst text ${i}`);
    const sent = await Promise.all(bodies.map((body) => sendText(body)));
    for (const [i, s] of sent.entries()) await expectSentOnce(s, bodies[i] as string);
    expect(await faultsFired()).toBe(8);
  }, 60_000);
});
