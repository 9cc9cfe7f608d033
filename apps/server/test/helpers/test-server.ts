import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createAuth } from '../../src/auth/auth.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createApp } from '../../src/http/create-app.js';
import { HttpClient } from './http-client.js';
import { openTestDatabase } from './test-database.js';

export const TEST_AUTH_SECRET = 'test-secret-for-integration-tests-only-0123456789';

/** The real app on a real socket and a real database, seeded with the demo data. */
export async function startTestServer(options: { seed?: boolean; now?: Date } = {}) {
  const database = await openTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db, options.now);
  const auth = createAuth(database.db, TEST_AUTH_SECRET);
  const clock = options.now ? () => options.now as Date : () => new Date();
  const { app, routes } = createApp({ db: database.db, auth, clock });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    db: database.db,
    engine: database.engine,
    app,
    routes,
    /** A client with its own cookie jar, not signed in. */
    client: () => new HttpClient(baseUrl),
    /** A client signed in through the real Auth.js credentials flow. */
    async signIn(email: string, password = 'tentpole-demo') {
      const client = new HttpClient(baseUrl);
      const result = await client.signIn(email, password);
      if (!result.ok) throw new Error(`sign-in failed for ${email}: ${result.url}`);
      return client;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
