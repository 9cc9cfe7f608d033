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

async function registered(identity: string) {
  const c = await PStreamClient.connect(h.server.baseUrl);
  clients.push(c);
  await c.register(voiceToken(identity, business.application.sid));
  return c;
}

const ufrag = (sdp: unknown) => /a=ice-ufrag:(\S+)/.exec(String(sdp))?.[1];

/** Audio keeps arriving on `peer` (ICE and DTLS work after the renegotiation). */
async function audioFlows(peer: ServerMedia) {
  const before = peer.bytesReceived;
  await h.waitFor(() => peer.bytesReceived > before + 1600, 5000);
}

/** The browser restarts ICE on a call in progress, as the SDK's `iceRestart` does. */
async function restartIce(c: PStreamClient, peer: ServerMedia, callSid: string, oldAnswer: string) {
  const offer = await peer.restartIce();
  c.send('reinvite', { callsid: callSid, sdp: offer });
  const answer = await c.next('answer', (p) => p.callsid === callSid);
  expect(String(answer.payload.sdp)).toContain('m=audio');
  expect(ufrag(answer.payload.sdp)).not.toBe(ufrag(oldAnswer));
  await peer.acceptAnswer(String(answer.payload.sdp));
  await audioFlows(peer);
}

async function outgoingCall(identity: string, to: string) {
  const c = await registered(identity);
  const offer = await ServerMedia.offer();
  media.push(offer.media);
  c.send('invite', {
    callsid: `TJS${identity}`,
    sdp: offer.sdp,
    twilio: { params: `To=${encodeURIComponent(to)}` },
  });
  const answer = await c.next('answer');
  await offer.media.acceptAnswer(String(answer.payload.sdp));
  await audioFlows(offer.media);
  return { c, peer: offer.media, callSid: String(answer.payload.callsid), answer };
}

describe('reinvite (the SDK ICE restart)', () => {
  it('is answered by the sandbox peer that answered the call', async () => {
    h.handle(
      '/voice/outgoing',
      () => '<Response><Say loop="0">Please hold</Say><Pause length="600"/></Response>',
    );
    const { c, peer, callSid, answer } = await outgoingCall('ri_server', '+15550009001');
    await restartIce(c, peer, callSid, String(answer.payload.sdp));
    expect(h.server.sandbox.control.store.calls.get(callSid)?.status).toBe('in-progress');
    c.send('hangup', { callsid: callSid });
  });

  it('is relayed to the callee that answered the caller’s own offer (answerOnBridge)', async () => {
    h.handle(
      '/voice/outgoing',
      (p) =>
        `<Response><Dial answerOnBridge="true" callerId="${business.number.phoneNumber}"><Number>${p.To}</Number></Dial></Response>`,
    );
    const { c, peer, callSid, answer } = await outgoingCall('ri_relay', '+15005550013');
    await restartIce(c, peer, callSid, String(answer.payload.sdp));
    c.send('hangup', { callsid: callSid });
  });

  it('from a browser that was rung: the caller’s end renegotiates', async () => {
    h.handle(
      '/voice/incoming',
      () => '<Response><Dial answerOnBridge="true"><Client>ri_callee</Client></Dial></Response>',
    );
    const c = await registered('ri_callee');
    await fetch(`${h.server.baseUrl}/control/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+15550009002', to: business.number.phoneNumber }),
    });
    const invite = await c.next('invite');
    const callSid = String(invite.payload.callsid);
    const answered = await ServerMedia.answer(String(invite.payload.sdp));
    media.push(answered.media);
    c.send('answer', { callsid: callSid, sdp: answered.sdp });
    await audioFlows(answered.media);
    // The rung browser now offers (roles swap, as in the SDK).
    await restartIce(c, answered.media, callSid, String(invite.payload.sdp));
    c.send('hangup', { callsid: callSid });
  });

  it('answers error for a call that is not in progress', async () => {
    const c = await registered('ri_none');
    c.send('reinvite', { callsid: 'CA00000000000000000000000000000000', sdp: 'v=0' });
    const error = await c.next('error');
    expect(error.payload.error).toMatchObject({ code: 31000 });
  });
});
