import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMedia } from '../src/voice/server-media';
import { type Harness, provisionBusiness, startHarness, voiceToken } from './harness';
import { PStreamClient } from './pstream-client';

let h: Harness;
let business: Awaited<ReturnType<typeof provisionBusiness>>;
const clients: PStreamClient[] = [];
const media: ServerMedia[] = [];

beforeAll(async () => {
  h = await startHarness();
  business = await provisionBusiness(h);
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const m of media) m.close();
  await h.close();
});

async function client() {
  const c = await PStreamClient.connect(h.server.baseUrl);
  clients.push(c);
  return c;
}

async function placeCustomerCall(from: string) {
  const response = await fetch(`${h.server.baseUrl}/control/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, to: business.number.phoneNumber }),
  });
  return ((await response.json()) as { callSid: string }).callSid;
}

describe('listen (token validation)', () => {
  it('answers connected with the identity and ttl for a valid token', async () => {
    const c = await client();
    c.send('listen', {
      token: voiceToken('user_1', business.application.sid, 600),
      browserinfo: {},
      reconnectTimeout: 0,
    });
    const connected = await c.next('connected');
    expect(connected.version).toBe('1.6');
    expect(connected.payload.token).toMatchObject({ identity: 'user_1' });
    expect((connected.payload.token as { ttl: number }).ttl).toBeGreaterThan(590);
  });

  it('answers error 31204 for a token signed with another secret', async () => {
    const c = await client();
    c.send('listen', {
      token: voiceToken('user_1', business.application.sid, 600, 'wrong-secret'),
    });
    const error = await c.next('error');
    expect(error.payload.error).toMatchObject({ code: 31204 });
  });

  it('answers error 31205 for an expired token', async () => {
    const c = await client();
    c.send('listen', { token: voiceToken('user_1', business.application.sid, -10) });
    const error = await c.next('error');
    expect(error.payload.error).toMatchObject({ code: 31205 });
  });

  it('registers (ready) and unregisters (offline)', async () => {
    const c = await client();
    await c.register(voiceToken('user_reg', business.application.sid));
    c.send('register', { media: { audio: false } });
    await c.next('offline');
  });
});

describe('incoming calls to client identities', () => {
  it('rings every device, first answer wins, the other is cancelled, and the caller hanging up ends it', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial answerOnBridge="true" timeout="20" action="${h.appUrl('/voice/dial-result')}"><Client statusCallback="${h.appUrl('/voice/leg-status')}" statusCallbackEvent="initiated ringing answered completed">user_a</Client><Client>user_b</Client></Dial></Response>`,
    );
    const a1 = await client();
    const a2 = await client();
    const b = await client();
    await a1.register(voiceToken('user_a', business.application.sid));
    await a2.register(voiceToken('user_a', business.application.sid));
    await b.register(voiceToken('user_b', business.application.sid));
    const callSid = await placeCustomerCall('+15550004444');
    const invite = await a1.next('invite');
    await a2.next('invite');
    await b.next('invite');
    expect(invite.payload.parameters).toMatchObject({ From: '+15550004444', To: 'client:user_a' });
    const voice = h.webhooks('/voice/incoming').find((w) => w.params.CallSid === callSid);
    expect(voice?.params).toMatchObject({
      Direction: 'inbound',
      From: '+15550004444',
      CallStatus: 'ringing',
    });
    expect(voice?.signatureValid).toBe(true);

    const answered = await ServerMedia.answer(String(invite.payload.sdp));
    media.push(answered.media);
    a1.send('answer', { callsid: invite.payload.callsid, sdp: answered.sdp });
    await a2.next('cancel', (p) => p.callsid === invite.payload.callsid);
    await b.next('cancel');

    await fetch(`${h.server.baseUrl}/control/calls/${callSid}/hangup`, { method: 'POST' });
    await a1.next('hangup', (p) => p.callsid === invite.payload.callsid);
    const result = await h.waitFor(() =>
      h.webhooks('/voice/dial-result').find((w) => w.params.CallSid === callSid),
    );
    expect(result.params).toMatchObject({
      DialCallStatus: 'completed',
      DialCallSid: invite.payload.callsid,
    });
    const legEvents = h
      .webhooks('/voice/leg-status')
      .filter((w) => w.params.CallSid === invite.payload.callsid);
    await h.waitFor(
      () =>
        h.webhooks('/voice/leg-status').filter((w) => w.params.CallSid === invite.payload.callsid)
          .length >= 4,
    );
    expect(
      h
        .webhooks('/voice/leg-status')
        .filter((w) => w.params.CallSid === invite.payload.callsid)
        .map((w) => w.params.CallStatus),
    ).toEqual(['queued', 'ringing', 'in-progress', 'completed']);
    expect(legEvents.every((w) => w.params.ParentCallSid === callSid)).toBe(true);
  });

  it('takes the caller to voicemail (Dial action, Say, Record) when every device rejects', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial timeout="20" action="${h.appUrl('/voice/dial-result2')}"><Client>user_c</Client></Dial></Response>`,
    );
    h.handle('/voice/dial-result2', (p) =>
      p.DialCallStatus === 'completed'
        ? '<Response><Hangup/></Response>'
        : `<Response><Say>Please leave a message</Say><Record maxLength="10" action="${h.appUrl('/voice/vm-done')}" recordingStatusCallback="${h.appUrl('/voice/recording')}"/><Hangup/></Response>`,
    );
    const c = await client();
    await c.register(voiceToken('user_c', business.application.sid));
    const callSid = await placeCustomerCall('+15550005555');
    const invite = await c.next('invite');
    c.send('reject', { callsid: invite.payload.callsid });
    const result = await h.waitFor(() =>
      h.webhooks('/voice/dial-result2').find((w) => w.params.CallSid === callSid),
    );
    expect(result.params.DialCallStatus).toBe('busy');
    const recording = await h.waitFor(
      () => h.webhooks('/voice/recording').find((w) => w.params.CallSid === callSid),
      8000,
    );
    expect(recording.params.RecordingUrl).toContain('/Recordings/RE');
  }, 15000);

  it('lists the call with its Dial legs and the seconds a Record has captured (control API)', async () => {
    const caller = '+15550006666';
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial timeout="20"><Client>user_d</Client></Dial><Say>Leave a message</Say><Record maxLength="3600" action="${h.appUrl('/voice/vm-done')}"/></Response>`,
    );
    type CallView = {
      sid: string;
      status: string;
      from: string;
      direction: string;
      children: { to: string; status: string }[];
      recordingSeconds: number | null;
    };
    const calls = async (query: string) =>
      (await (await fetch(`${h.server.baseUrl}/control/calls${query}`)).json()) as CallView[];
    const fromCaller = `?from=${encodeURIComponent(caller)}`;
    const c = await client();
    await c.register(voiceToken('user_d', business.application.sid));
    const callSid = await placeCustomerCall(caller);
    const invite = await c.next('invite');
    c.send('reject', { callsid: invite.payload.callsid });

    // The Record runs in real time: the simulated caller's audio builds up second by second.
    await expect
      .poll(async () => (await calls(fromCaller))[0]?.recordingSeconds ?? 0, { timeout: 8000 })
      .toBeGreaterThanOrEqual(1);
    const view = (await calls(fromCaller))[0];
    expect(view).toMatchObject({
      sid: callSid,
      status: 'in-progress',
      from: caller,
      direction: 'inbound',
      children: [{ to: 'client:user_d', status: 'busy' }],
    });
    expect((await calls(''))[0]?.sid).toBe(callSid);
    expect(await calls('?from=%2B15550000000')).toEqual([]);

    await fetch(`${h.server.baseUrl}/control/calls/${callSid}/hangup`, { method: 'POST' });
    const done = await h.waitFor(() =>
      h.webhooks('/voice/vm-done').find((w) => w.params.CallSid === callSid),
    );
    expect(Number(done.params.RecordingDuration)).toBeGreaterThanOrEqual(1);
    expect((await calls(fromCaller))[0]).toMatchObject({
      status: 'completed',
      recordingSeconds: null,
    });
  }, 15000);
});

describe('outgoing calls from the browser', () => {
  async function dialFromBrowser(identity: string, to: string) {
    const c = await client();
    await c.register(voiceToken(identity, business.application.sid));
    const offer = await ServerMedia.offer();
    media.push(offer.media);
    c.send('invite', {
      callsid: 'TJSaaaaaaaa-0000-0000-0000-000000000000',
      sdp: offer.sdp,
      twilio: { params: `To=${encodeURIComponent(to)}` },
    });
    return { c, offer };
  }

  it('runs the TwiML app and bridges to a number that answers (ringing, then answer with SDP)', async () => {
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Dial callerId="${business.number.phoneNumber}" answerOnBridge="true"><Number>${p.To}</Number></Dial></Response>`,
    );
    const { c } = await dialFromBrowser('user_out', '+15005550013');
    const ringing = await c.next('ringing');
    expect(String(ringing.payload.callsid)).toMatch(/^CA/);
    const answer = await c.next('answer');
    expect(String(answer.payload.sdp)).toContain('a=candidate');
    const voice = h
      .webhooks('/voice/outgoing')
      .find((w) => w.params.CallSid === ringing.payload.callsid);
    expect(voice?.params).toMatchObject({
      From: 'client:user_out',
      To: '+15005550013',
      ApplicationSid: business.application.sid,
    });
    c.send('hangup', { callsid: answer.payload.callsid });
    await h.waitFor(
      () =>
        h.server.sandbox.control.store.calls.get(String(answer.payload.callsid))?.status ===
        'completed',
    );
  });

  it.each([
    ['+15005550010', 31486],
    ['+15005550012', 31603],
    ['+15005550001', 31404],
  ])('hangs up a call to %s with error %i (answerOnBridge)', async (to, code) => {
    // Only an unanswered caller learns why the Dial failed: with answerOnBridge="false" the
    // caller's leg is answered when the Dial starts and simply ends, as on Twilio.
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Dial callerId="${business.number.phoneNumber}" answerOnBridge="true"><Number>${p.To}</Number></Dial></Response>`,
    );
    const { c } = await dialFromBrowser(`user_${code}`, to);
    const hangup = await c.next('hangup');
    expect(hangup.payload.error).toMatchObject({ code });
    expect(hangup.payload.callsid).toBe('TJSaaaaaaaa-0000-0000-0000-000000000000');
  });

  it('passes DTMF from the browser to <Gather>', async () => {
    h.handle(
      '/voice/outgoing',
      () =>
        `<Response><Gather numDigits="2" action="${h.appUrl('/voice/gathered')}"><Say>Enter two digits</Say></Gather></Response>`,
    );
    const { c } = await dialFromBrowser('user_dtmf', '+15550006666');
    const answer = await c.next('answer');
    c.send('dtmf', { callsid: answer.payload.callsid, dtmf: '4' });
    c.send('dtmf', { callsid: answer.payload.callsid, dtmf: '2' });
    const gathered = await h.waitFor(() =>
      h.webhooks('/voice/gathered').find((w) => w.params.CallSid === answer.payload.callsid),
    );
    expect(gathered.params.Digits).toBe('42');
  });
});
