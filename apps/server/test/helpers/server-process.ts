import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

export type ServerProcess = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** Kills it if it still runs and removes its data folder. */
  cleanUp(): void;
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
 * The server as `npm start` runs it (src/main.ts through tsx), in a process of its own, on a
 * fresh embedded database in a temporary data folder; resolves once it answers /api/health.
 */
export async function startServerProcess(
  name: string,
  { dataSubdir, env = {} }: { dataSubdir?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const tempDir = mkdtempSync(path.join(tmpdir(), `tentpole-${name}-`));
  const dataDir = dataSubdir ? path.join(tempDir, dataSubdir) : tempDir;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
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
    if (child.exitCode !== null) throw new Error(`the server exited:\n${chunks.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
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
    cleanUp() {
      child.kill('SIGKILL');
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
