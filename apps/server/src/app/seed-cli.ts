// `npm run seed`: resets the database to the demo data.
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { resetDatabase, seedDemoData } from './seed.js';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();
await resetDatabase(database.db);
await seedDemoData(database.db);
await database.close();
console.log('Demo data loaded.');
