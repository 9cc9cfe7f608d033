import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from './helpers/tcp-proxy.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The embedded database lives in the process and can't go away; this is PostgreSQL's case.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL stopped for 10 s under load', () => {
  let owner: TestServer;
  let viaProxy: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

  beforeAll(async () => {
    owner = await startTestServer();
    const url = new URL(owner.databaseUrl as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    viaProxy = await startTestServer({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await viaProxy?.close();
    proxy?.close();
    await owner?.close();
  });

  it('answers 503 with a clear error, keeps running, and serves again within 5 s of its return', async () => {
    const client = await viaProxy.signIn('owner@tentpole.test');
    const statuses: number[] = [];
    let running = true;
    const load = Promise.all(
      Array.from({ length: 5 }, async () => {
        while (running) {
          const response = await client.get('/api/customers?search=smith').catch(() => null);
          statuses.push(response?.status ?? 0);
          if (response?.status === 503) {
            expect(await response.json()).toEqual({
              error: {
                code: 'unavailable',
                message: 'Tentpole is briefly unavailable. Please try again in a few seconds.',
              },
            });
          } else await response?.arrayBuffer();
          await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    // Not waits for an event: the scenario itself. Half a second of load with the database
    // up, then the 10 s outage this test is about.
    await new Promise((r) => setTimeout(r, 500));
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 10_000));
    const duringOutage = statuses.splice(0);
    await proxy.restore();
    const back = Date.now();
    let recoveredAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - back < 10_000) {
      const response = await client.get('/api/customers?search=smith');
      await response.arrayBuffer();
      if (response.status === 200) {
        recoveredAfter = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await load;
    expect(duringOutage).toContain(503);
    expect(duringOutage.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(recoveredAfter).toBeLessThan(5_000);

    // Live updates come back too: the instance's LISTEN reconnected by itself.
    const controller = new AbortController();
    const stream = await fetch(`${viaProxy.baseUrl}/api/events`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const received = (async () => {
      while (!text.includes('event: conversation.updated')) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    // It retries at most 5 s apart: keep texting until an event arrives, for up to 8 s.
    for (let i = 0; i < 8 && !text.includes('event: conversation.updated'); i++) {
      const sent = await client.json('POST', '/api/phone/text/create', {
        phoneNumber: '+15550100190',
        body: `Back online ${i}`,
      });
      expect(sent.status).toBe(201);
      await Promise.race([received, new Promise((r) => setTimeout(r, 1000))]);
    }
    controller.abort();
    expect(text).toContain('event: conversation.updated');
  }, 40_000);
});
