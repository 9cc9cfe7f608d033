import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHttpClient } from '../src/http-client';
import { TEST_CREDENTIALS } from '../src/standalone';
import { type Harness, provisionBusiness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function restError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: number; message: string; moreInfo: string };
  }
  throw new Error('expected the request to fail');
}

describe('provisioning through the twilio library', () => {
  it('lists available numbers, buys one with webhooks, and creates a TwiML app', async () => {
    const { number, application } = await provisionBusiness(h);
    expect(number.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect(number.phoneNumber).toMatch(/^\+1\d{10}$/);
    expect(number.voiceUrl).toBe(h.appUrl('/voice/incoming'));
    expect(number.smsUrl).toBe(h.appUrl('/sms/incoming'));
    expect(application.sid).toMatch(/^AP[0-9a-f]{32}$/);
    expect(application.voiceUrl).toBe(h.appUrl('/voice/outgoing'));
    const again = await h.client.availablePhoneNumbers('US').local.list({ limit: 50 });
    expect(again.map((n) => n.phoneNumber)).not.toContain(number.phoneNumber);
  });

  it('refuses a number that is already taken with 21422', async () => {
    const { number } = await provisionBusiness(h);
    const error = await restError(
      h.client.incomingPhoneNumbers.create({ phoneNumber: number.phoneNumber }),
    );
    expect(error.code).toBe(21422);
  });
});

describe('authentication', () => {
  it('rejects a wrong auth token with 20003 and HTTP 401', async () => {
    const wrong = twilio(TEST_CREDENTIALS.accountSid, 'not-the-token', {
      httpClient: sandboxHttpClient(h.server.baseUrl),
    });
    const error = await restError(
      wrong.messages.create({ to: '+15550001111', from: '+15005550006', body: 'x' }),
    );
    expect(error.status).toBe(401);
    expect(error.code).toBe(20003);
    expect(error.moreInfo).toBe('https://www.twilio.com/docs/errors/20003');
  });

  it('accepts an API key and secret', async () => {
    const withKey = twilio(TEST_CREDENTIALS.apiKeySid, TEST_CREDENTIALS.apiKeySecret, {
      accountSid: TEST_CREDENTIALS.accountSid,
      httpClient: sandboxHttpClient(h.server.baseUrl),
    });
    const message = await withKey.messages.create({
      to: '+15550001111',
      from: '+15005550006',
      body: 'hi',
    });
    expect(message.sid).toMatch(/^SM/);
  });
});

describe('messages', () => {
  it('creates a message, reports sent and delivered to its status callback, and fetches it', async () => {
    const { number } = await provisionBusiness(h);
    const message = await h.client.messages.create({
      to: '+15550001234',
      from: number.phoneNumber,
      body: 'Your tent arrives at 9am',
      statusCallback: h.appUrl('/sms/status'),
    });
    expect(message).toMatchObject({
      status: 'queued',
      direction: 'outbound-api',
      numSegments: '1',
    });
    const statuses = await h.waitFor(() => {
      const seen = h.webhooks('/sms/status').filter((w) => w.params.MessageSid === message.sid);
      return seen.length >= 2 && seen;
    });
    expect(statuses.map((w) => w.params.MessageStatus)).toEqual(['sent', 'delivered']);
    expect(statuses.every((w) => w.signatureValid)).toBe(true);
    const fetched = await h.client.messages(message.sid).fetch();
    expect(fetched.status).toBe('delivered');
    expect(fetched.body).toBe('Your tent arrives at 9am');
  });

  it("rejects an invalid 'To' with 21211", async () => {
    const error = await restError(
      h.client.messages.create({ to: '12', from: '+15005550006', body: 'x' }),
    );
    expect(error).toMatchObject({ status: 400, code: 21211 });
  });

  it('rejects an unsubscribed recipient with 21610', async () => {
    const error = await restError(
      h.client.messages.create({ to: '+15005550004', from: '+15005550006', body: 'x' }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
  });

  it('rejects a From the account does not own with 21606', async () => {
    const error = await restError(
      h.client.messages.create({ to: '+15550001111', from: '+15550009999', body: 'x' }),
    );
    expect(error.code).toBe(21606);
  });

  it('answers 20404 for a message that does not exist', async () => {
    const error = await restError(h.client.messages('SM00000000000000000000000000000000').fetch());
    expect(error).toMatchObject({ status: 404, code: 20404 });
  });
});

describe('calls', () => {
  it('creates a call that rings, is answered, runs TwiML and completes, with every status event', async () => {
    const { number } = await provisionBusiness(h);
    h.handle('/click-to-call', () => '<Response><Say>Connecting</Say><Hangup/></Response>');
    const call = await h.client.calls.create({
      to: '+15005550013',
      from: number.phoneNumber,
      url: h.appUrl('/click-to-call'),
      statusCallback: h.appUrl('/call/status'),
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
    expect(call.sid).toMatch(/^CA/);
    expect(call.status).toBe('queued');
    const events = await h.waitFor(() => {
      const seen = h.webhooks('/call/status').filter((w) => w.params.CallSid === call.sid);
      return seen.some((w) => w.params.CallStatus === 'completed') && seen;
    });
    expect(events.map((w) => w.params.CallStatus)).toEqual([
      'queued',
      'ringing',
      'in-progress',
      'completed',
    ]);
    expect(events.map((w) => w.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
    expect(events.every((w) => w.signatureValid)).toBe(true);
    const voice = h.webhooks('/click-to-call').find((w) => w.params.CallSid === call.sid);
    expect(voice?.params).toMatchObject({
      Direction: 'outbound-api',
      CallStatus: 'in-progress',
      To: '+15005550013',
    });
    const fetched = await h.client.calls(call.sid).fetch();
    expect(fetched.status).toBe('completed');
  });

  it('hangs up a live call with update({ status: "completed" })', async () => {
    const { number } = await provisionBusiness(h);
    h.handle('/hold', () => '<Response><Pause length="600"/></Response>');
    const call = await h.client.calls.create({
      to: '+15005550013',
      from: number.phoneNumber,
      url: h.appUrl('/hold'),
    });
    await h.waitFor(() => h.webhooks('/hold').some((w) => w.params.CallSid === call.sid));
    const updated = await h.client.calls(call.sid).update({ status: 'completed' });
    expect(updated.status).toBe('completed');
  });

  it('redirects a live call to new TwiML with update({ url })', async () => {
    const { number } = await provisionBusiness(h);
    h.handle('/hold2', () => '<Response><Pause length="600"/></Response>');
    h.handle('/redirected', () => '<Response><Hangup/></Response>');
    const call = await h.client.calls.create({
      to: '+15005550013',
      from: number.phoneNumber,
      url: h.appUrl('/hold2'),
    });
    await h.waitFor(() => h.webhooks('/hold2').some((w) => w.params.CallSid === call.sid));
    await h.client.calls(call.sid).update({ url: h.appUrl('/redirected') });
    await h.waitFor(() => h.webhooks('/redirected').some((w) => w.params.CallSid === call.sid));
    await h.waitFor(
      () => h.server.sandbox.control.store.calls.get(call.sid)?.status === 'completed',
    );
    const done = await h.client.calls(call.sid).fetch();
    expect(done.status).toBe('completed');
  });

  it('reports busy for a busy magic number', async () => {
    const { number } = await provisionBusiness(h);
    const call = await h.client.calls.create({
      to: '+15005550010',
      from: number.phoneNumber,
      twiml: '<Response><Say>hi</Say></Response>',
      statusCallback: h.appUrl('/busy/status'),
    });
    const completed = await h.waitFor(() =>
      h.webhooks('/busy/status').find((w) => w.params.CallSid === call.sid),
    );
    expect(completed.params.CallStatus).toBe('busy');
  });

  it("rejects an invalid 'To' with 21211 and an unowned From with 21210", async () => {
    const { number } = await provisionBusiness(h);
    const invalid = await restError(
      h.client.calls.create({ to: 'abc', from: number.phoneNumber, url: h.appUrl('/x') }),
    );
    expect(invalid.code).toBe(21211);
    const unowned = await restError(
      h.client.calls.create({ to: '+15550001111', from: '+15550007777', url: h.appUrl('/x') }),
    );
    expect(unowned.code).toBe(21210);
  });

  it('stores a <Record> recording the app can fetch through the library and download', async () => {
    const { number } = await provisionBusiness(h);
    h.handle(
      '/voicemail',
      () =>
        `<Response><Say>Leave a message</Say><Record maxLength="20" action="${h.appUrl('/voicemail-done')}" recordingStatusCallback="${h.appUrl('/recording')}"/></Response>`,
    );
    const call = await h.client.calls.create({
      to: '+15005550013',
      from: number.phoneNumber,
      url: h.appUrl('/voicemail'),
    });
    const callback = await h.waitFor(
      () => h.webhooks('/recording').find((w) => w.params.CallSid === call.sid),
      10000,
    );
    expect(callback.params.RecordingStatus).toBe('completed');
    const recording = await h.client.recordings(callback.params.RecordingSid ?? '').fetch();
    expect(recording.callSid).toBe(call.sid);
    expect(recording.mediaUrl).toBe(callback.params.RecordingUrl);
    const media = await fetch(`${recording.mediaUrl}.wav`);
    expect(media.headers.get('content-type')).toBe('audio/x-wav');
    expect(
      Buffer.from(await media.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    const action = await h.waitFor(() =>
      h.webhooks('/voicemail-done').find((w) => w.params.CallSid === call.sid),
    );
    expect(action.params.RecordingSid).toBe(recording.sid);
  }, 15000);
});
