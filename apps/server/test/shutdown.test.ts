import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.cleanUp();
});

describe('SIGTERM', () => {
  it('finishes the request under way, ends live streams and exits cleanly', async () => {
    const running = await startServerProcess('shutdown', { database: 'demo' });
    server = running;
    const { baseUrl, child, exited } = running;
    const owner = new HttpClient(baseUrl);
    expect((await owner.signIn('owner@tentpole.test', 'tentpole-demo')).ok).toBe(true);

    const stream = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const streamEnded = (async () => {
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      for (;;) if ((await reader.read()).done) return true;
    })();

    const inFlight = owner.get('/api/customers?search=a&pageSize=100');
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { customers: unknown[] }).customers.length).toBeGreaterThan(
      0,
    );
    expect(await streamEnded).toBe(true);
    expect(await exited).toBe(0);
    expect(running.output()).toContain('Stopped cleanly.');
    expect(
      await fetch(`${baseUrl}/api/health`)
        .then(() => 'answered')
        .catch(() => 'refused'),
    ).toBe('refused');
  }, 240_000);
});
