import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, provisionBusiness, startHarness, voiceToken } from './harness';
import { PStreamClient } from './pstream-client';

// A fast heartbeat (100 ms instead of Twilio's 10 s) so the test sees several beats.
const HEARTBEAT_MS = 100;
let h: Harness;
let applicationSid = '';
const clients: PStreamClient[] = [];

beforeAll(async () => {
  h = await startHarness(0.05, { heartbeatMs: HEARTBEAT_MS });
  applicationSid = (await provisionBusiness(h)).application.sid;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await h.close();
});

async function registered(identity: string) {
  const c = await PStreamClient.connect(h.server.baseUrl);
  clients.push(c);
  await c.register(voiceToken(identity, applicationSid));
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('signalling heartbeat', () => {
  it('sends "\\n" every interval and keeps a device that echoes it (as the SDK does)', async () => {
    const c = await registered('hb_alive');
    await sleep(HEARTBEAT_MS * 8);
    expect(c.heartbeats).toBeGreaterThanOrEqual(5);
    expect(c.isOpen).toBe(true);
    // Still a working session: the echoes were not taken for (bad) frames.
    c.send('register', { media: { audio: true } });
    await c.next('ready');
    expect(h.server.sandbox.control.gateway.registeredIdentities()).toContain('hb_alive');
  });

  it('drops a device that goes silent, so it is no longer registered', async () => {
    const c = await registered('hb_silent');
    expect(h.server.sandbox.control.gateway.registeredIdentities()).toContain('hb_silent');
    c.echoHeartbeats = false;
    await Promise.race([
      c.closed,
      sleep(HEARTBEAT_MS * 10).then(() => {
        throw new Error('silent device was not dropped');
      }),
    ]);
    expect(h.server.sandbox.control.gateway.registeredIdentities()).not.toContain('hb_silent');
  });
});
