import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredApiRoutes } from '../src/http/route-table.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

describe('the route table', () => {
  it('declares a permission, signed-in access or a public reason for every /api route', () => {
    expect(undeclaredApiRoutes(server.app, server.routes)).toEqual([]);
    for (const route of server.routes.declared) {
      if ('public' in route.access) expect(route.access.public.length).toBeGreaterThan(10);
    }
  });

  it('catches a route added around the table, which would skip the permission guard', () => {
    // The test of the test: a route registered straight on Hono is reported.
    server.app.get('/api/rogue', (c) => c.json({ secrets: true }));
    expect(undeclaredApiRoutes(server.app, server.routes)).toEqual(['GET /api/rogue']);
  });
});
