import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../src/http/client-address.js';

// A bare app per setting: what address would a per-address limit count?
function start(trustedProxies: number) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trustedProxies)));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return server;
}
const servers = [start(0), start(1), start(2)];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function addressSeenBy(index: number, forwardedFor?: string) {
  const server = servers[index];
  if (!server) throw new Error('no server');
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.text();
}

describe('the client address', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', async () => {
    expect(await addressSeenBy(0, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('behind one trusted proxy, is the entry that proxy appended (the last)', async () => {
    // The client wrote the first entry itself; the proxy appended the address it saw.
    expect(await addressSeenBy(1, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('behind two, is the second from the right', async () => {
    expect(await addressSeenBy(2, '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('falls back to the peer when a trusted proxy sent no header', async () => {
    expect(await addressSeenBy(1)).toBe('127.0.0.1');
  });
});
