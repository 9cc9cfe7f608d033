import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let stopping = false;
beforeAll(async () => {
  server = await startTestServer({ seed: false, stopping: () => stopping });
});
afterAll(() => server?.close());

describe('GET /api/ready (readiness, beside /api/health for liveness)', () => {
  it('is ready when the database answers with every migration applied', async () => {
    const response = await fetch(`${server.baseUrl}/api/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
  });

  it('is not ready once the instance begins to stop, while still alive', async () => {
    stopping = true;
    try {
      const response = await fetch(`${server.baseUrl}/api/ready`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      stopping = false;
    }
  });

  it('is not ready when the database lacks a migration this build ships', async () => {
    await server.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await fetch(`${server.baseUrl}/api/ready`);
    expect(response.status).toBe(503);
  });
});
