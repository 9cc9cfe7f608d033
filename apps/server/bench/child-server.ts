// Servers the load section measures, each in a process of its own (the load generator stays
// in the bench's process): the built app server, and a bare node:http baseline.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BUILT_SERVER = path.resolve(here, '../dist/server.js');
const BARE_SERVER = path.join(here, 'bare-http-server.mjs');
const STARTUP_TIMEOUT_MS = 120_000;
const LOG_LINES_KEPT = 200;

export type ChildServer = {
  url: string;
  /** The last lines the process printed (stdout and stderr), to show when something fails. */
  logTail(): string;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function run(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, lines, exited };
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // The app drains in-flight requests and jobs for up to 20 s before it gives up.
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  await exited;
  clearTimeout(timer);
}

/** Sources and migrations changed since dist/server.js was built: a run would measure old code. */
function newerThanBuild(): string[] {
  const built = statSync(BUILT_SERVER).mtimeMs;
  const root = path.resolve(here, '..');
  return ['src', 'drizzle'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built,
      )
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
}

/**
 * `node dist/server.js` on `databaseUrl`: it migrates, loads the demo data on first start and
 * buys its number at the sandbox carrier, as `npm start` does. Telephony is always the
 * sandbox (any TWILIO_* variables of the calling shell are left out).
 */
export async function startBuiltServer(
  databaseUrl: string,
  dataDir: string,
  // Another build to measure (a "before"), e.g. an older commit's apps/server/dist/server.js.
  builtServer = process.env.BENCH_SERVER ?? BUILT_SERVER,
): Promise<ChildServer> {
  if (!existsSync(builtServer)) {
    throw new Error(`${builtServer} is missing: run \`npm run build\` first`);
  }
  const stale = builtServer === BUILT_SERVER ? newerThanBuild() : [];
  if (stale.length > 0) {
    console.warn(
      `\nWarning: changed since the server was built (run \`npm run build\`): ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}`,
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('TWILIO_')),
  );
  const { child, lines, exited } = run(builtServer, {
    ...env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
  });
  const server: ChildServer = {
    url,
    logTail: () => lines.join('\n'),
    stop: () => stopChild(child, exited),
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited during start-up:\n${server.logTail()}`);
    }
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer /api/health in time:\n${server.logTail()}`);
    }
    await sleep(250);
  }
}

/** The bare node:http baseline (or another script that prints its port the same way). */
export async function startBareServer(script = BARE_SERVER): Promise<ChildServer> {
  const { child, lines, exited } = run(script, process.env);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => {
      resolve((JSON.parse(chunk.toString().split('\n')[0] ?? '') as { port: number }).port);
    });
    child.once('exit', () => reject(new Error(`the bare server exited:\n${lines.join('\n')}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    logTail: () => lines.join('\n'),
    stop: () => stopChild(child, exited),
  };
}
