import { createServer } from 'node:http';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxHttpClient } from '../src/http-client';
import { TEST_CREDENTIALS } from '../src/standalone';
import { type Harness, provisionBusiness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await control('POST', '/control/reset');
});

async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${h.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

async function restError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: number; message: string };
  }
  throw new Error('expected the request to fail');
}

interface CarrierMessage {
  sid: string;
  from: string;
  to: string;
  body: string;
  status: string;
  direction: string;
  errorCode: number | null;
  autoReply: boolean;
  dateCreated: string;
}

let phoneCounter = 0;
/** A fresh simulated phone per test, so tests do not see each other's texts. */
function newPhone(): string {
  phoneCounter += 1;
  return `+1555${String(7000000 + phoneCounter)}`;
}

async function businessWithSmsUrl(path: string) {
  const { number } = await provisionBusiness(h);
  await h.client.incomingPhoneNumbers(number.sid).update({ smsUrl: h.appUrl(path) });
  return number.phoneNumber;
}

describe('default opt-out handling (long codes)', () => {
  it('STOP: the webhook still gets the text with OptOutType, the phone gets the confirmation, and sends fail with 21610', async () => {
    const business = await businessWithSmsUrl('/sms/optout');
    const phone = newPhone();
    h.handle('/sms/optout', () => '<Response><Message>Sorry to see you go</Message></Response>');
    const result = await control<{ sid: string; optOutType: string }>('POST', '/control/sms', {
      from: phone,
      to: business,
      body: '  stop ',
    });
    expect(result.optOutType).toBe('STOP');
    const hook = h.webhooks('/sms/optout').find((w) => w.params.From === phone);
    expect(hook?.params).toMatchObject({ Body: '  stop ', OptOutType: 'STOP', To: business });
    expect(hook?.signatureValid).toBe(true);

    const toPhone = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?from=${encodeURIComponent(business)}&to=${encodeURIComponent(phone)}`,
    );
    // Only Twilio's confirmation: the app's <Message> reply is blocked like any other send.
    expect(toPhone).toHaveLength(1);
    expect(toPhone[0]).toMatchObject({
      autoReply: true,
      direction: 'outbound-reply',
      body: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
    });

    const error = await restError(
      h.client.messages.create({ from: business, to: phone, body: 'hi' }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    expect(await control('GET', `/control/opt-outs?phone=${encodeURIComponent(phone)}`)).toEqual([
      { phone, business, optedOutAt: expect.any(String) },
    ]);
    // The REST list does not show Twilio's own auto-reply.
    const listed = await h.client.messages.list({ from: business, to: phone });
    expect(listed).toHaveLength(0);
  });

  it('blocks only that (phone, business number) pair', async () => {
    const first = await businessWithSmsUrl('/sms/pair');
    const second = await businessWithSmsUrl('/sms/pair');
    const phone = newPhone();
    await control('POST', '/control/sms', { from: phone, to: first, body: 'UNSUBSCRIBE' });
    await expect(
      h.client.messages.create({ from: second, to: phone, body: 'still fine' }),
    ).resolves.toMatchObject({ status: 'queued' });
    expect(
      (await restError(h.client.messages.create({ from: first, to: phone, body: 'x' }))).code,
    ).toBe(21610);
  });

  it.each(['STOPALL', 'Cancel', 'end', 'QUIT'])('%s opts out', async (word) => {
    const business = await businessWithSmsUrl('/sms/words');
    const phone = newPhone();
    await control('POST', '/control/sms', { from: phone, to: business, body: word });
    expect(
      (await restError(h.client.messages.create({ from: business, to: phone, body: 'x' }))).code,
    ).toBe(21610);
  });

  it('START/UNSTOP/YES resubscribe with the standard reply; HELP gets the help text', async () => {
    const business = await businessWithSmsUrl('/sms/optin');
    for (const word of ['START', 'unstop', 'Yes']) {
      const phone = newPhone();
      await control('POST', '/control/sms', { from: phone, to: business, body: 'STOP' });
      const result = await control<{ optOutType: string }>('POST', '/control/sms', {
        from: phone,
        to: business,
        body: word,
      });
      expect(result.optOutType).toBe('START');
      const hook = h
        .webhooks('/sms/optin')
        .find((w) => w.params.From === phone && w.params.Body === word);
      expect(hook?.params.OptOutType).toBe('START');
      await expect(
        h.client.messages.create({ from: business, to: phone, body: 'welcome back' }),
      ).resolves.toMatchObject({ status: 'queued' });
      const replies = await control<CarrierMessage[]>(
        'GET',
        `/control/messages?from=${encodeURIComponent(business)}&to=${encodeURIComponent(phone)}`,
      );
      expect(replies.filter((m) => m.autoReply).map((m) => m.body)).toEqual([
        expect.stringMatching(/^You have successfully been unsubscribed/),
        'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
      ]);
    }

    const phone = newPhone();
    const help = await control<{ optOutType: string }>('POST', '/control/sms', {
      from: phone,
      to: business,
      body: 'help',
    });
    expect(help.optOutType).toBe('HELP');
    const replies = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?from=${encodeURIComponent(business)}&to=${encodeURIComponent(phone)}`,
    );
    expect(replies.map((m) => m.body)).toEqual([
      'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
    ]);
  });

  it('ignores keywords inside longer texts, and gives an unsubscribed phone no HELP reply', async () => {
    const business = await businessWithSmsUrl('/sms/notkeyword');
    const phone = newPhone();
    const result = await control<{ optOutType: string | null }>('POST', '/control/sms', {
      from: phone,
      to: business,
      body: 'STOP PLEASE',
    });
    expect(result.optOutType).toBeNull();
    const hook = h.webhooks('/sms/notkeyword').find((w) => w.params.From === phone);
    expect(hook?.params.OptOutType).toBeUndefined();
    await expect(
      h.client.messages.create({ from: business, to: phone, body: 'ok' }),
    ).resolves.toBeTruthy();

    await control('POST', '/control/sms', { from: phone, to: business, body: 'STOP' });
    await control('POST', '/control/sms', { from: phone, to: business, body: 'HELP' });
    const replies = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?from=${encodeURIComponent(business)}&to=${encodeURIComponent(phone)}`,
    );
    expect(replies.filter((m) => m.autoReply)).toHaveLength(1);
  });

  it('the control API sets, reads and clears opt-outs, and reset clears them', async () => {
    const business = await businessWithSmsUrl('/sms/control');
    const phone = newPhone();
    expect(await control('PUT', '/control/opt-outs', { phone, business, optedOut: true })).toEqual({
      phone,
      business,
      optedOut: true,
    });
    expect(
      (await restError(h.client.messages.create({ from: business, to: phone, body: 'x' }))).code,
    ).toBe(21610);
    expect(await control('DELETE', `/control/opt-outs?phone=${encodeURIComponent(phone)}`)).toEqual(
      {
        removed: 1,
      },
    );
    await expect(
      h.client.messages.create({ from: business, to: phone, body: 'x' }),
    ).resolves.toBeTruthy();
    await control('PUT', '/control/opt-outs', { phone, business });
    await control('POST', '/control/reset');
    expect(await control('GET', '/control/opt-outs')).toEqual([]);
  });
});

describe('Messages list through the twilio library', () => {
  it('filters by To, From and dateSentAfter, newest first, following next_page_uri across pages', async () => {
    const { number } = await provisionBusiness(h);
    const from = number.phoneNumber;
    const to = newPhone();
    const other = newPhone();
    await h.client.messages.create({ from, to: other, body: 'not for this phone' });
    const sids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      sids.push((await h.client.messages.create({ from, to, body: `text ${i}` })).sid);
    }
    // date_sent is set once the carrier sends.
    await h.waitFor(() =>
      sids.every((sid) => h.server.sandbox.control.store.messages.get(sid)?.dateSent),
    );
    const listed = await h.client.messages.list({ to, from, pageSize: 2 });
    expect(listed.map((m) => m.sid)).toEqual([...sids].reverse());
    expect(listed.every((m) => m.to === to && m.from === from)).toBe(true);

    const limited = await h.client.messages.list({ to, limit: 3, pageSize: 2 });
    expect(limited.map((m) => m.body)).toEqual(['text 4', 'text 3', 'text 2']);

    const hourAgo = new Date(Date.now() - 3600_000);
    const afterHourAgo = await h.client.messages.list({ to, from, dateSentAfter: hourAgo });
    expect(afterHourAgo).toHaveLength(5);
    const inFuture = new Date(Date.now() + 3600_000);
    expect(await h.client.messages.list({ to, dateSentAfter: inFuture })).toHaveLength(0);
    expect(await h.client.messages.list({ to, dateSentBefore: inFuture })).toHaveLength(5);
    expect(await h.client.messages.list({ to, dateSentBefore: hourAgo })).toHaveLength(0);
    // DateSent: the UTC day of the given date.
    const day = h.server.sandbox.control.store.messages.get(sids[4] ?? '')?.dateSent;
    const sameDay = sids.filter(
      (sid) =>
        h.server.sandbox.control.store.messages.get(sid)?.dateSent?.toISOString().slice(0, 10) ===
        day?.toISOString().slice(0, 10),
    );
    expect(
      await h.client.messages.list({
        to,
        dateSent: new Date(`${day?.toISOString().slice(0, 10)}T12:00:00Z`),
      }),
    ).toHaveLength(sameDay.length);
    expect(
      await h.client.messages.list({ to, dateSent: new Date(Date.now() - 2 * 86400_000) }),
    ).toHaveLength(0);
  });

  it("answers in Twilio's page shape with PageToken cursors", async () => {
    const { number } = await provisionBusiness(h);
    const to = newPhone();
    for (let i = 0; i < 3; i += 1)
      await h.client.messages.create({ from: number.phoneNumber, to, body: `p${i}` });
    const auth = Buffer.from('AC00000000000000000000000000000000:sandbox-auth-token').toString(
      'base64',
    );
    const base = `${h.server.baseUrl}/twilio/2010-04-01/Accounts/AC00000000000000000000000000000000`;
    const get = async (uri: string) =>
      (await (
        await fetch(uri.startsWith('/') ? `${h.server.baseUrl}/twilio${uri}` : uri, {
          headers: { authorization: `Basic ${auth}` },
        })
      ).json()) as {
        messages: { body: string }[];
        next_page_uri: string | null;
        previous_page_uri: string | null;
        page: number;
        page_size: number;
        start: number;
        end: number;
      };
    const first = await get(`${base}/Messages.json?To=${encodeURIComponent(to)}&PageSize=2`);
    expect(first).toMatchObject({
      page: 0,
      page_size: 2,
      start: 0,
      end: 1,
      previous_page_uri: null,
    });
    expect(first.messages.map((m) => m.body)).toEqual(['p2', 'p1']);
    expect(first.next_page_uri).toMatch(
      /^\/2010-04-01\/Accounts\/AC0{32}\/Messages\.json\?To=.*&PageSize=2&Page=1&PageToken=PASM[0-9a-f]{32}$/,
    );
    // A new text arriving meanwhile does not shift the next page.
    await h.client.messages.create({ from: number.phoneNumber, to, body: 'p3' });
    const second = await get(first.next_page_uri ?? '');
    expect(second.messages.map((m) => m.body)).toEqual(['p0']);
    expect(second.next_page_uri).toBeNull();
    expect(second.previous_page_uri).toMatch(/PageToken=PBSM/);
  });

  it('fetch returns the live status', async () => {
    const { number } = await provisionBusiness(h);
    const created = await h.client.messages.create({
      from: number.phoneNumber,
      to: newPhone(),
      body: 'live',
    });
    expect(created.status).toBe('queued');
    await h.waitFor(
      () => h.server.sandbox.control.store.messages.get(created.sid)?.status === 'delivered',
    );
    const fetched = await h.client.messages(created.sid).fetch();
    expect(fetched.status).toBe('delivered');
    expect(fetched.dateSent).toBeInstanceOf(Date);
  });
});

describe('delivery outcomes', () => {
  async function sendAndCollect(to: string, callbackPath: string) {
    const { number } = await provisionBusiness(h);
    const message = await h.client.messages.create({
      from: number.phoneNumber,
      to,
      body: 'Your tent is ready',
      statusCallback: h.appUrl(callbackPath),
    });
    const final = await h.waitFor(() =>
      h
        .webhooks(callbackPath)
        .find(
          (w) =>
            w.params.MessageSid === message.sid &&
            ['delivered', 'undelivered', 'failed'].includes(w.params.MessageStatus ?? ''),
        ),
    );
    const all = h.webhooks(callbackPath).filter((w) => w.params.MessageSid === message.sid);
    return { message, final, all };
  }

  it('+15005553003: sent, then undelivered with ErrorCode 30003', async () => {
    const { message, final, all } = await sendAndCollect('+15005553003', '/sms/status-30003');
    expect(all.map((w) => w.params.MessageStatus)).toEqual(['sent', 'undelivered']);
    expect(all[0]?.params.ErrorCode).toBeUndefined();
    expect(final.params).toMatchObject({
      MessageStatus: 'undelivered',
      SmsStatus: 'undelivered',
      ErrorCode: '30003',
      ErrorMessage: 'Unreachable destination handset',
    });
    expect(final.signatureValid).toBe(true);
    const fetched = await h.client.messages(message.sid).fetch();
    expect(fetched).toMatchObject({
      status: 'undelivered',
      errorCode: 30003,
      errorMessage: 'Unreachable destination handset',
    });
  });

  it('a number set to landline fails with 30006; +15005553007 fails with 30007 (filtered)', async () => {
    const landline = newPhone();
    expect(
      await control('PUT', `/control/numbers/${encodeURIComponent(landline)}`, { sms: 'landline' }),
    ).toMatchObject({ sms: 'landline' });
    const one = await sendAndCollect(landline, '/sms/status-30006');
    expect(one.all.map((w) => w.params.MessageStatus)).toEqual(['failed']);
    expect(one.final.params).toMatchObject({
      ErrorCode: '30006',
      ErrorMessage: 'Landline or unreachable carrier',
    });
    const two = await sendAndCollect('+15005553007', '/sms/status-30007');
    expect(two.final.params).toMatchObject({
      MessageStatus: 'failed',
      ErrorCode: '30007',
      ErrorMessage: 'Message filtered',
    });
    expect((await h.client.messages(two.message.sid).fetch()).status).toBe('failed');
  });
});

describe('fault injection', () => {
  it('fails the next POST Messages.json with a Twilio 500, leaving other requests alone', async () => {
    const { number } = await provisionBusiness(h);
    const to = newPhone();
    await control('POST', '/control/faults/rest', {
      kind: 'error',
      count: 1,
      method: 'POST',
      resource: 'Messages.json',
    });
    await h.client.messages.list({ to }); // a GET is not matched
    const error = await restError(
      h.client.messages.create({ from: number.phoneNumber, to, body: 'a' }),
    );
    expect(error).toMatchObject({ status: 500, code: 20500 });
    await expect(
      h.client.messages.create({ from: number.phoneNumber, to, body: 'b' }),
    ).resolves.toBeTruthy();
    const carrier = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?to=${encodeURIComponent(to)}`,
    );
    expect(carrier.map((m) => m.body)).toEqual(['b']);
  });

  it('with "to", fails only texts to that number', async () => {
    const { number } = await provisionBusiness(h);
    const target = newPhone();
    const other = newPhone();
    await control('POST', '/control/faults/rest', {
      kind: 'error',
      method: 'POST',
      resource: 'Messages.json',
      to: target,
    });
    await expect(
      h.client.messages.create({ from: number.phoneNumber, to: other, body: 'untouched' }),
    ).resolves.toBeTruthy();
    const error = await restError(
      h.client.messages.create({ from: number.phoneNumber, to: target, body: 'a' }),
    );
    expect(error).toMatchObject({ status: 500 });
    expect(await control('GET', '/control/faults')).toMatchObject({
      rest: [{ remaining: 0, fired: 1 }],
    });
  });

  it('when "after", the message is accepted by the carrier but the answer is a 500', async () => {
    const { number } = await provisionBusiness(h);
    const to = newPhone();
    await control('POST', '/control/faults/rest', {
      kind: 'error',
      when: 'after',
      resource: 'Messages.json',
      status: 503,
    });
    const error = await restError(
      h.client.messages.create({ from: number.phoneNumber, to, body: 'a' }),
    );
    expect(error).toMatchObject({ status: 503, code: 20503 });
    const carrier = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?to=${encodeURIComponent(to)}`,
    );
    expect(carrier.map((m) => m.body)).toEqual(['a']);
  });

  it('hangs a request for delayMs before answering', async () => {
    const { number } = await provisionBusiness(h);
    await control('POST', '/control/faults/rest', {
      kind: 'hang',
      delayMs: 400,
      resource: 'Messages',
    });
    const started = Date.now();
    await h.client.messages.create({ from: number.phoneNumber, to: newPhone(), body: 'slow' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await control('GET', '/control/faults')).toMatchObject({
      rest: [{ remaining: 0, fired: 1 }],
    });
  });

  it('a request held up before processing is dropped unprocessed when the client gives up', async () => {
    const { number } = await provisionBusiness(h);
    await control('POST', '/control/faults/rest', {
      kind: 'hang',
      delayMs: 2_000,
      method: 'POST',
      resource: 'Messages.json',
    });
    const impatient = twilio(TEST_CREDENTIALS.accountSid, TEST_CREDENTIALS.authToken, {
      httpClient: sandboxHttpClient(h.server.baseUrl, { timeout: 200 }),
    });
    const to = newPhone();
    await expect(
      impatient.messages.create({ from: number.phoneNumber, to, body: 'given up' }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await control('GET', `/control/messages?to=${encodeURIComponent(to)}`)).toEqual([]);
  });

  it('webhook timeout: the app sees the request, the sandbox retries per #rt with the same token', async () => {
    const business = await businessWithSmsUrl('/sms/timeout');
    const { number } = { number: business };
    const record = h.server.sandbox.control.store.findNumber(number);
    if (!record) throw new Error('no number');
    await h.client
      .incomingPhoneNumbers(record.sid)
      .update({ smsUrl: `${h.appUrl('/sms/timeout')}#rc=2&rp=rt` });
    await control('POST', '/control/faults/webhooks', {
      kind: 'timeout',
      count: 1,
      urlContains: '/sms/timeout',
    });
    const phone = newPhone();
    const result = await control<{ webhook: { ok: boolean; attempts: number } }>(
      'POST',
      '/control/sms',
      { from: phone, to: business, body: 'are you there' },
    );
    expect(result.webhook).toMatchObject({ ok: true, attempts: 2 });
    const seen = h.webhooks('/sms/timeout').filter((w) => w.params.From === phone);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.idempotencyToken).toBe(seen[1]?.idempotencyToken);
  });

  it('webhook duplicate: a delivered request is sent once more, identically', async () => {
    const business = await businessWithSmsUrl('/sms/duplicate');
    await control('POST', '/control/faults/webhooks', {
      kind: 'duplicate',
      urlContains: '/sms/duplicate',
    });
    const phone = newPhone();
    await control('POST', '/control/sms', { from: phone, to: business, body: 'twice' });
    const seen = h.webhooks('/sms/duplicate').filter((w) => w.params.From === phone);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.params).toEqual(seen[1]?.params);
    expect(seen[0]?.idempotencyToken).toBe(seen[1]?.idempotencyToken);
  });

  it('webhook unreachable: nothing reaches the app and the default policy retries once', async () => {
    const business = await businessWithSmsUrl('/sms/unreachable');
    await control('POST', '/control/faults/webhooks', {
      kind: 'unreachable',
      count: 2,
      urlContains: '/sms/unreachable',
    });
    const phone = newPhone();
    const result = await control<{ webhook: { ok: boolean; status: null; attempts: number } }>(
      'POST',
      '/control/sms',
      { from: phone, to: business, body: 'lost' },
    );
    expect(result.webhook).toMatchObject({ ok: false, status: null, attempts: 2 });
    expect(h.webhooks('/sms/unreachable').filter((w) => w.params.From === phone)).toHaveLength(0);
  });
});

describe("the carrier's view", () => {
  it('lists REST sends and inbound texts with sid, body, direction and dateCreated', async () => {
    const business = await businessWithSmsUrl('/sms/view');
    const phone = newPhone();
    const sent = await h.client.messages.create({ from: business, to: phone, body: 'outbound' });
    await control('POST', '/control/sms', { from: phone, to: business, body: 'inbound' });
    const byNumber = await control<CarrierMessage[]>(
      'GET',
      `/control/numbers/${encodeURIComponent(phone)}/messages`,
    );
    expect(byNumber.map((m) => [m.body, m.direction])).toEqual([
      ['outbound', 'outbound-api'],
      ['inbound', 'inbound'],
    ]);
    expect(byNumber[0]).toMatchObject({ sid: sent.sid, from: business, to: phone });
    expect(new Date(byNumber[0]?.dateCreated ?? '').getTime()).toBeGreaterThan(0);
    const fromBusiness = await control<CarrierMessage[]>(
      'GET',
      `/control/messages?from=${encodeURIComponent(business)}`,
    );
    expect(fromBusiness.map((m) => m.sid)).toEqual([sent.sid]);
  });
});

describe('inbound burst', () => {
  interface BurstReport {
    id: string;
    total: number;
    done: boolean;
    completed: number;
    answered200: number;
    failed: number;
    deliveries: {
      index: number;
      from: string;
      body: string;
      sid: string | null;
      idempotencyToken: string | null;
      attempts: { attempt: number; status: number | null; error: string | null }[];
      answered200: boolean;
      outcome: string;
    }[];
  }

  it('sends concurrent signed webhooks, retries 5xx per the overrides, and reports who got a 200', async () => {
    const { number } = await provisionBusiness(h);
    await h.client
      .incomingPhoneNumbers(number.sid)
      .update({ smsUrl: `${h.appUrl('/sms/burst')}#rc=2&rp=5xx` });
    let inFlight = 0;
    let maxInFlight = 0;
    const tries = new Map<string, number>();
    h.handle('/sms/burst', async (params) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight -= 1;
      const body = params.Body ?? '';
      const n = (tries.get(body) ?? 0) + 1;
      tries.set(body, n);
      // Every 4th text fails once; text 7 always fails.
      if (body.endsWith(' 7') || (Number(body.split(' ').at(-1)) % 4 === 0 && n === 1))
        return new Response('down', { status: 503 });
      return '<Response/>';
    });
    const phones = [newPhone(), newPhone(), newPhone()];
    const report = await control<BurstReport>('POST', '/control/sms/burst', {
      from: phones,
      to: number.phoneNumber,
      count: 30,
      bodyPrefix: 'burst text ',
      concurrency: 5,
      wait: true,
    });
    expect(report).toMatchObject({
      total: 30,
      done: true,
      completed: 30,
      answered200: 29,
      failed: 1,
    });
    expect(maxInFlight).toBeLessThanOrEqual(5);
    expect(maxInFlight).toBeGreaterThan(1);
    const seven = report.deliveries[7];
    expect(seven).toMatchObject({ answered200: false, outcome: 'failed' });
    expect(seven?.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    const eight = report.deliveries[8];
    expect(eight?.attempts.map((a) => a.status)).toEqual([503, 200]);
    expect(report.deliveries[1]).toMatchObject({ from: phones[1], body: 'burst text 1' });
    // Every delivery has its own token; all attempts of one delivery share it.
    const tokens = report.deliveries.map((d) => d.idempotencyToken);
    expect(new Set(tokens).size).toBe(30);
    const hooks = h.webhooks('/sms/burst');
    expect(hooks.every((w) => w.signatureValid)).toBe(true);
    const eightHooks = hooks.filter((w) => w.params.Body === 'burst text 8');
    expect(eightHooks.map((w) => w.idempotencyToken)).toEqual([
      eight?.idempotencyToken,
      eight?.idempotencyToken,
    ]);
    expect(eightHooks[0]?.params.MessageSid).toBe(eight?.sid);

    const again = await control<BurstReport>('GET', `/control/sms/burst/${report.id}`);
    expect(again.answered200).toBe(29);
  });

  it('retries deliveries whose connection drops (an app killed mid-request), waiting retryDelayMs', async () => {
    let requests = 0;
    const bodies: string[] = [];
    // The app dies with the first three requests in flight: the socket closes with no answer.
    const app = createServer((req, res) => {
      requests += 1;
      if (requests <= 3) {
        req.socket.destroy();
        return;
      }
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        bodies.push(new URLSearchParams(raw).get('Body') ?? '');
        res.setHeader('content-type', 'text/xml');
        res.end('<Response/>');
      });
    });
    await new Promise<void>((r) => app.listen(0, r));
    const address = app.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { number } = await provisionBusiness(h);
    await h.client
      .incomingPhoneNumbers(number.sid)
      .update({ smsUrl: `http://localhost:${port}/sms#rc=3&rp=ct` });
    const started = Date.now();
    const report = await control<BurstReport>('POST', '/control/sms/burst', {
      from: [newPhone()],
      to: number.phoneNumber,
      count: 2,
      concurrency: 1,
      retryDelayMs: 50,
      wait: true,
    });
    app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(report).toMatchObject({ answered200: 2, failed: 0 });
    expect(report.deliveries[0]?.attempts.map((a) => [a.status, a.error])).toEqual([
      [null, 'ct'],
      [null, 'ct'],
      [null, 'ct'],
      [200, null],
    ]);
    expect(bodies).toEqual(['Burst text 0', 'Burst text 1']);
  });

  it('runs in the background and can be polled or awaited', async () => {
    const business = await businessWithSmsUrl('/sms/burst-bg');
    const started = await control<BurstReport>('POST', '/control/sms/burst', {
      from: newPhone(),
      to: business,
      count: 10,
    });
    expect(started.total).toBe(10);
    const done = await control<BurstReport>('GET', `/control/sms/burst/${started.id}?wait=1`);
    expect(done).toMatchObject({ done: true, completed: 10, answered200: 10 });
    expect(done.deliveries[0]?.body).toBe('Burst text 0');
  });
});
