import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { blobOf } from './template-databases.js';
import { fetchTemplate, openTestDatabase } from './test-database.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

export type ServerProcess = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** Kills it if it still runs and removes its data folder (and its database copy). */
  cleanUp(): Promise<void>;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The server as `npm start` runs it (src/main.ts through tsx), in a process of its own, in a
 * temporary data folder; resolves once it answers /api/health.
 *
 * `database: 'fresh'` (the default) is a first start: an empty embedded database that the
 * process migrates and seeds itself, which is what a test of a first start needs. `'demo'`
 * starts it on a copy of the run's demo template instead (the engine of the run: an embedded
 * data folder made from the template, or a copy on DATABASE_URL's server), so a test of
 * something else does not spend its first 10–20 s migrating and seeding.
 */
export async function startServerProcess(
  name: string,
  {
    dataSubdir,
    env = {},
    database = 'fresh',
  }: { dataSubdir?: string; env?: Record<string, string>; database?: 'fresh' | 'demo' } = {},
): Promise<ServerProcess> {
  const tempDir = mkdtempSync(path.join(tmpdir(), `tentpole-${name}-`));
  const dataDir = dataSubdir ? path.join(tempDir, dataSubdir) : tempDir;
  const copy = database === 'demo' ? await demoCopy(dataDir) : null;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: copy?.url ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => chunks.push(String(d)));
  child.stderr?.on('data', (d) => chunks.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A first start migrates and seeds the embedded database: seconds on an idle machine, more
  // on a busy one. Give it three minutes, then say so instead of failing later.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) {
      await copy?.drop();
      throw new Error(`the server exited:\n${chunks.join('')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await copy?.drop();
      throw new Error(`the server did not answer /api/health in 3 minutes:\n${chunks.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    child,
    output: () => chunks.join(''),
    exited,
    async cleanUp() {
      child.kill('SIGKILL');
      rmSync(tempDir, { recursive: true, force: true });
      await copy?.drop();
    },
  };
}

/**
 * The run's demo template where the process will find it: on PostgreSQL a database of its own
 * (its URL, and how to drop it), on the embedded engine the data folder's `pglite` written from
 * the template (removed with the folder).
 */
async function demoCopy(dataDir: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.DATABASE_URL) {
    const copy = await openTestDatabase(undefined, 'demo');
    // close() ends this process's connections and drops the copy.
    return { url: copy.url as string, drop: () => copy.close() };
  }
  const template = await fetchTemplate('demo');
  if (template.engine !== 'pglite') throw new Error('expected an embedded template');
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: await blobOf(template.file),
    extensions: { pg_trgm },
  });
  await client.close();
  return null;
}
