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

    // A request under way when the signal comes: its headers are in, its body is still on the
    // way (sent in two parts, the second after the signal). A request merely sent before the
    // signal proves nothing: it may not have reached the server, whose closing of idle
    // connections then resets it (Node 22 did, here, every run).
    const body = JSON.stringify({
      firstName: 'Stella',
      lastName: 'Shutdown',
      email: 'stella.shutdown@example.com',
      phoneNumber: '(555) 010-7799',
    });
    let sendRest = () => {};
    const parts = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(20)));
          controller.close();
        };
      },
    });
    const inFlight = owner.request('/api/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: parts,
      duplex: 'half',
    } as RequestInit);
    // Time for the headers to arrive; the request cannot finish before the rest of its body.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    sendRest();
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(((await response.json()) as { customer: { lastName: string } }).customer.lastName).toBe(
      'Shutdown',
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
