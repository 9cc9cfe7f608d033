import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'tentpole-shutdown-'));
const port = 4100 + Math.floor(Math.random() * 500);
const baseUrl = `http://127.0.0.1:${port}`;
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes the request under way, ends live streams and exits cleanly', async () => {
    const output: string[] = [];
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) =>
      child?.on('exit', (code) => resolve(code)),
    );
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${baseUrl}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const owner = new HttpClient(baseUrl);
    expect((await owner.signIn('owner@tentpole.test', 'tentpole-demo')).ok).toBe(true);

    const stream = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const streamEnded = (async () => {
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      for (;;) if ((await reader.read()).done) return true;
    })();

    const inFlight = owner.get('/api/customers?search=a&pageSize=100');
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { customers: unknown[] }).customers.length).toBeGreaterThan(
      0,
    );
    expect(await streamEnded).toBe(true);
    expect(await exited).toBe(0);
    expect(output.join('')).toContain('Stopped cleanly.');
    expect(
      await fetch(`${baseUrl}/api/health`)
        .then(() => 'answered')
        .catch(() => 'refused'),
    ).toBe('refused');
  }, 90_000);
});
