import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../src/logging/logger.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type ErrorBody = { error: { code: string; fields?: Record<string, string[]> } };

describe('NUL characters', () => {
  it('are a 400 naming the field in a JSON body, never a 500', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.json('POST', '/api/customers', {
      firstName: 'Nul\u0000l',
      lastName: 'Byte',
      email: 'nul@example.com',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields?.firstName).toEqual([
      'Must not contain NUL characters',
    ]);
  });

  it('are a 400 in a query string', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const response = await owner.get('/api/customers?search=a%00b');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields?.search).toBeDefined();
  });

  it("are a 400 in Auth.js's parameters, and no sign-in", async () => {
    expect((await server.client().get('/api/auth/csrf?callbackUrl=%00')).status).toBe(400);
    const result = await server.client().signIn('owner@tentpole.test\u0000', 'tentpole-demo');
    expect(result.ok).toBe(false);
  });

  it('answers a points value past what the database holds with a 400', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const list = (await (await owner.get('/api/customers')).json()) as {
      customers: { id: string }[];
    };
    const response = await owner.json('PATCH', `/api/customers/${list.customers[0]?.id}`, {
      points: 3_000_000_000,
    });
    expect(response.status).toBe(400);
  });

  it('closes the connection after a 413, instead of promising keep-alive', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const { status, connection } = await new Promise<{ status: number; connection: string }>(
      (resolve, reject) => {
        const url = new URL(`${server.baseUrl}/api/customers`);
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent: new http.Agent({ keepAlive: true }),
            headers: {
              'content-type': 'application/json',
              origin: server.baseUrl,
              cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            },
          },
          (response) => {
            response.resume();
            resolve({
              status: response.statusCode ?? 0,
              connection: String(response.headers.connection),
            });
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }));
      },
    );
    expect(status).toBe(413);
    expect(connection).toBe('close');
  });

  it("keeps control characters out of the log from the auth client's anonymous _log", async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    try {
      const response = await server.client().request('/api/auth/_log', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          level: 'error',
          message: 'boom\u001b[2J\u001b[31mFAKE\nINFO forged line\u0007',
        }),
      });
      expect(response.status).toBe(200);
      const line = warn.mock.calls.map((args) => args.join(' ')).find((l) => l.includes('boom'));
      expect(line).toBeDefined();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting none got through
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    } finally {
      warn.mockRestore();
    }
  });
});
