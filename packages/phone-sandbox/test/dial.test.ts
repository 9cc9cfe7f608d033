import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMedia } from '../src/voice/server-media';
import { hasTone, loudness } from './audio';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser placing a call: a PStream client with a real (werift) peer that records what it hears. */
async function browserCall(identity: string, to: string) {
  const c = await PStreamClient.connect(h.server.baseUrl);
  clients.push(c);
  await c.register(voiceToken(identity, business.application.sid));
  const offer = await ServerMedia.offer();
  media.push(offer.media);
  const heard = offer.media.record();
  c.send('invite', {
    callsid: `TJS${identity}`,
    sdp: offer.sdp,
    twilio: { params: `To=${encodeURIComponent(to)}` },
  });
  return { c, media: offer.media, heard };
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${h.server.baseUrl}/control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const callStatus = (sid: string) => h.server.sandbox.control.store.calls.get(sid)?.status;
const childrenOf = (sid: string) =>
  [...h.server.sandbox.control.store.calls.values()].filter((c) => c.parentCallSid === sid);

describe('answerOnBridge', () => {
  it('default (false): the caller is answered when the Dial starts, hears the Say before it, then ringback', async () => {
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Say>Welcome</Say><Dial callerId="${business.number.phoneNumber}" timeout="600"><Number>${p.To}</Number></Dial></Response>`,
    );
    // +15005550011 rings and never answers.
    const { c, media: peer, heard } = await browserCall('aob_default', '+15005550011');
    const answer = await c.next('answer');
    const callSid = String(answer.payload.callsid);
    await peer.acceptAnswer(String(answer.payload.sdp));
    // The callee is still ringing while the caller's leg is already in progress.
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    await h.waitFor(() => child.status === 'ringing');
    expect(callStatus(callSid)).toBe('in-progress');
    await sleep(2200);
    const samples = heard.stop();
    // "Welcome" is stood in for by a 309 Hz tone; ringback is 440 + 480 Hz.
    expect(hasTone(samples, 309)).toBe(true);
    expect(hasTone(samples, 440)).toBe(true);
    expect(hasTone(samples, 480)).toBe(true);
    expect(hasTone(samples, 1400)).toBe(false);
    c.send('hangup', { callsid: callSid });
    await h.waitFor(() => callStatus(callSid) === 'completed');
  });

  it('true: the caller stays ringing (no answer, no audio) until the callee answers', async () => {
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Dial callerId="${business.number.phoneNumber}" answerOnBridge="true" timeout="600"><Number>${p.To}</Number></Dial></Response>`,
    );
    const { c } = await browserCall('aob_true', '+15005550011');
    const ringing = await c.next('ringing');
    const callSid = String(ringing.payload.callsid);
    await sleep(500);
    expect(c.frames.some((f) => f.type === 'answer')).toBe(false);
    expect(callStatus(callSid)).toBe('ringing');
    c.send('hangup', { callsid: callSid });
    await h.waitFor(() => callStatus(callSid) === 'canceled');
  });

  it('false: the browser gets answer before the callee does, and the callee still bridges', async () => {
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Dial callerId="${business.number.phoneNumber}" answerOnBridge="false"><Number>${p.To}</Number></Dial></Response>`,
    );
    // +15005550013 answers after a short ring and talks (speech tones).
    const { c, media: peer } = await browserCall('aob_bridge', '+15005550013');
    const answer = await c.next('answer');
    const callSid = String(answer.payload.callsid);
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    expect(child.status).not.toBe('in-progress');
    await peer.acceptAnswer(String(answer.payload.sdp));
    await h.waitFor(() => child.status === 'in-progress');
    const before = peer.bytesReceived;
    await h.waitFor(() => peer.bytesReceived > before + 4000, 5000);
    c.send('hangup', { callsid: callSid });
    await h.waitFor(() => child.status === 'completed');
  });
});

describe('Dial record', () => {
  it('records the bridged call in two channels, calls recordingStatusCallback, and gives the action RecordingUrl/RecordingSid', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial record="record-from-answer-dual" action="${h.appUrl('/dial/recorded')}" recordingStatusCallback="${h.appUrl('/dial/recording')}"><Number>+15005550013</Number></Dial></Response>`,
    );
    const placed = await control('/calls', {
      from: '+15550008001',
      to: business.number.phoneNumber,
    });
    const callSid = String(placed.json.callSid);
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    await h.waitFor(() => child.status === 'in-progress');
    // Both simulated parties talk (speech tones) for a while.
    await sleep(2500);
    await control(`/calls/${callSid}/hangup`, {});
    const callback = await h.waitFor(() =>
      h.webhooks('/dial/recording').find((w) => w.params.CallSid === callSid),
    );
    expect(callback.signatureValid).toBe(true);
    expect(callback.params).toMatchObject({
      RecordingStatus: 'completed',
      RecordingChannels: '2',
      RecordingSource: 'DialVerb',
    });
    const action = await h.waitFor(() =>
      h.webhooks('/dial/recorded').find((w) => w.params.CallSid === callSid),
    );
    expect(action.params).toMatchObject({
      DialCallStatus: 'completed',
      DialCallSid: child.sid,
      RecordingSid: callback.params.RecordingSid,
      RecordingUrl: callback.params.RecordingUrl,
    });
    const recording = await h.client.recordings(callback.params.RecordingSid ?? '').fetch();
    expect(recording).toMatchObject({ callSid, channels: 2, source: 'DialVerb' });
    // Counted from the audio actually received: on a loaded machine the media runs a little
    // behind the 2.5 s of talking, so at least a second, and both channels heard (below).
    expect(Number(recording.duration)).toBeGreaterThanOrEqual(1);
    const wav = Buffer.from(await (await fetch(`${recording.mediaUrl}.wav`)).arrayBuffer());
    expect(wav.readUInt16LE(22)).toBe(2);
    const frames = wav.subarray(58);
    const left = Buffer.from(frames.filter((_, i) => i % 2 === 0));
    const right = Buffer.from(frames.filter((_, i) => i % 2 === 1));
    // The caller is heard on the first channel and the callee on the second.
    expect(loudness(left)).toBeGreaterThan(0.1);
    expect(loudness(right)).toBeGreaterThan(0.1);
  }, 15000);

  it('records a mono mix with record-from-answer', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial record="record-from-answer" action="${h.appUrl('/dial/recorded-mono')}"><Number>+15005550013</Number></Dial></Response>`,
    );
    const placed = await control('/calls', {
      from: '+15550008002',
      to: business.number.phoneNumber,
    });
    const callSid = String(placed.json.callSid);
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    await h.waitFor(() => child.status === 'in-progress');
    await sleep(1200);
    await control(`/calls/${callSid}/hangup`, {});
    const action = await h.waitFor(() =>
      h.webhooks('/dial/recorded-mono').find((w) => w.params.CallSid === callSid),
    );
    const recording = await h.client.recordings(action.params.RecordingSid ?? '').fetch();
    expect(recording.channels).toBe(1);
    expect(recording.mediaUrl).toBe(action.params.RecordingUrl);
  }, 15000);

  it('does not record without the attribute', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial action="${h.appUrl('/dial/unrecorded')}"><Number>+15005550013</Number></Dial></Response>`,
    );
    const placed = await control('/calls', {
      from: '+15550008003',
      to: business.number.phoneNumber,
    });
    const callSid = String(placed.json.callSid);
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    await h.waitFor(() => child.status === 'in-progress');
    await control(`/calls/${callSid}/hangup`, {});
    const action = await h.waitFor(() =>
      h.webhooks('/dial/unrecorded').find((w) => w.params.CallSid === callSid),
    );
    expect(action.params.RecordingSid).toBeUndefined();
  });
});

describe('redirecting a bridged call (REST update)', () => {
  it('hangs up the callee and runs the new TwiML on the caller, without the Dial action', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Dial action="${h.appUrl('/dial/not-expected')}"><Number>+15005550013</Number></Dial></Response>`,
    );
    h.handle('/moved', () => '<Response><Say>You were moved</Say><Hangup/></Response>');
    const placed = await control('/calls', {
      from: '+15550008004',
      to: business.number.phoneNumber,
    });
    const callSid = String(placed.json.callSid);
    const child = await h.waitFor(() => childrenOf(callSid)[0]);
    await h.waitFor(() => child.status === 'in-progress');
    const updated = await h.client.calls(callSid).update({ url: h.appUrl('/moved') });
    expect(updated.status).toBe('in-progress');
    await h.waitFor(() => child.status === 'completed');
    const moved = await h.waitFor(() =>
      h.webhooks('/moved').find((w) => w.params.CallSid === callSid),
    );
    expect(moved.params.CallStatus).toBe('in-progress');
    await h.waitFor(() => callStatus(callSid) === 'completed', 8000);
    expect(h.webhooks('/dial/not-expected')).toHaveLength(0);
  }, 15000);
});

describe('control API dtmf', () => {
  it('presses keys on a simulated caller, which <Gather> collects', async () => {
    h.handle(
      '/voice/incoming',
      () =>
        `<Response><Gather numDigits="3" timeout="60" action="${h.appUrl('/gathered')}"><Say>Enter your booking number</Say></Gather></Response>`,
    );
    const placed = await control('/calls', {
      from: '+15550008005',
      to: business.number.phoneNumber,
    });
    const callSid = String(placed.json.callSid);
    await h.waitFor(() => callStatus(callSid) === 'in-progress');
    const pressed = await control(`/calls/${callSid}/dtmf`, { digits: '123' });
    expect(pressed).toMatchObject({ status: 200, json: { ok: true } });
    const gathered = await h.waitFor(() =>
      h.webhooks('/gathered').find((w) => w.params.CallSid === callSid),
    );
    expect(gathered.params.Digits).toBe('123');
    const missing = await control('/calls/CA00000000000000000000000000000000/dtmf', {
      digits: '1',
    });
    expect(missing.status).toBe(404);
  });
});

describe('status callbacks', () => {
  it('carry SequenceNumber, Timestamp and CallbackSource; a retried delivery reuses its idempotency token', async () => {
    // The first delivery fails with a 500; the connection override retries 5xx.
    h.handle('/cb/status', (_params, attempt) =>
      attempt === 1 ? new Response('down', { status: 500 }) : '<Response/>',
    );
    h.handle(
      '/cb/twiml',
      () =>
        `<Response><Dial><Number statusCallback="${h.appUrl('/cb/child')}" statusCallbackEvent="initiated ringing answered completed">+15005550013</Number></Dial></Response>`,
    );
    h.handle('/cb/child', () => '<Response/>');
    const call = await h.client.calls.create({
      to: '+15005550013',
      from: business.number.phoneNumber,
      url: h.appUrl('/cb/twiml'),
      statusCallback: `${h.appUrl('/cb/status')}#rc=2&rp=5xx`,
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
    await h.waitFor(() =>
      h.webhooks('/cb/child').some((w) => w.params.CallStatus === 'in-progress'),
    );
    await h.client.calls(call.sid).update({ status: 'completed' });
    const parent = await h.waitFor(() => {
      const seen = h.webhooks('/cb/status').filter((w) => w.params.CallSid === call.sid);
      return seen.some((w) => w.params.CallStatus === 'completed') && seen;
    });
    const child = await h.waitFor(() => {
      const seen = h.webhooks('/cb/child');
      return seen.some((w) => w.params.CallStatus === 'completed') && seen;
    });

    // The first delivery and its retry: one token, one payload.
    const [first, retry] = parent;
    expect(first?.idempotencyToken).toBe(retry?.idempotencyToken);
    expect(retry?.params).toEqual(first?.params);
    const tokens = new Set(parent.map((w) => w.idempotencyToken));
    expect(tokens.size).toBe(parent.length - 1);

    for (const [hooks, statuses] of [
      [parent.slice(1), ['queued', 'ringing', 'in-progress', 'completed']],
      [child, ['queued', 'ringing', 'in-progress', 'completed']],
    ] as const) {
      const ordered = [...hooks].sort(
        (a, b) => Number(a.params.SequenceNumber) - Number(b.params.SequenceNumber),
      );
      expect(ordered.map((w) => w.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
      expect(ordered.map((w) => w.params.CallStatus)).toEqual(statuses);
      for (const w of ordered) {
        expect(w.signatureValid).toBe(true);
        expect(w.params.CallbackSource).toBe('call-progress-events');
        expect(w.params.Timestamp).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
      }
      const times = ordered.map((w) => Date.parse(w.params.Timestamp ?? ''));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect(child.every((w) => w.params.ParentCallSid === call.sid)).toBe(true);
  }, 15000);
});
