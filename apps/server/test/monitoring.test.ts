import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// A stand-in for the error-reporting service, on loopback.
const received: { url: string; body: string }[] = [];
const receiver = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ url: request.url ?? '', body });
    response.end('{}');
  });
});

let server: TestServer;
let dsn: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(receiver.address() as AddressInfo).port}/42`;
  server = await startTestServer({ seed: false, sentryDsn: dsn });
});
afterAll(async () => {
  await server?.close();
  receiver.close();
});

const envelope = (forDsn: string) =>
  `${JSON.stringify({ dsn: forDsn, sent_at: '2026-11-20T00:00:00Z' })}\n{"type":"event"}\n{"message":"boom"}`;

describe('the /monitoring tunnel', () => {
  it("passes an envelope for our DSN on to that project's envelope endpoint", async () => {
    const response = await fetch(`${server.baseUrl}/monitoring`, {
      method: 'POST',
      body: envelope(dsn),
    });
    expect(response.status).toBe(200);
    expect(received.at(-1)).toEqual({ url: '/api/42/envelope/', body: envelope(dsn) });
  });

  it('refuses an envelope naming another project or host: not an open relay', async () => {
    const before = received.length;
    for (const other of [
      'http://publickey@127.0.0.1:1/42',
      dsn.replace('/42', '/43'),
      'not a dsn',
    ]) {
      const response = await fetch(`${server.baseUrl}/monitoring`, {
        method: 'POST',
        body: envelope(other),
      });
      expect(response.status).toBe(400);
    }
    expect(
      (await fetch(`${server.baseUrl}/monitoring`, { method: 'POST', body: 'garbage' })).status,
    ).toBe(400);
    expect(received.length).toBe(before);
  });

  it('answers 404 when error reporting is not configured', async () => {
    const plain = await startTestServer({ seed: false });
    const response = await fetch(`${plain.baseUrl}/monitoring`, {
      method: 'POST',
      body: envelope(dsn),
    });
    expect(response.status).toBe(404);
    await plain.close();
  });
});
