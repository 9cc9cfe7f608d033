import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAuth } from './auth/auth.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { DEMO_PASSWORD, DEMO_USERS, isSeeded, seedDemoData } from './db/seed.js';
import { createApp } from './http/create-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
  if (!(await isSeeded(database.db))) {
    await seedDemoData(database.db);
    console.log('Loaded the demo data (first start).');
  }

  const auth = createAuth(database.db, config.authSecret);
  const webDistDir = path.resolve(config.webDistDir ?? path.join(here, '../../web/dist'));
  const { app } = createApp({ db: database.db, auth, webDistDir });

  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    const where = config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `embedded PGlite in ${config.dataDir}`;
    console.log(
      [
        '',
        `Tentpole is running at ${config.appUrl} (port ${info.port})`,
        `Database: ${where}`,
        `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`,
        ...DEMO_USERS.map((u) => `  ${u.email.padEnd(24)} ${u.name}`),
        '',
      ].join('\n'),
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then stopping.`);
    server.close(async () => {
      await database.close();
      process.exit(0);
    });
    // Keep-alive connections would hold close() open; give them a moment, then go.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Tentpole failed to start:', error);
  }
  process.exit(1);
});
