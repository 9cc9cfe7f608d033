import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepPrivate } from '../src/config/private-files.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

function modes(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out = [{ path: dir, mode: statSync(dir).mode & 0o777, dir: true }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...modes(full));
    else if (entry.isFile())
      out.push({ path: full, mode: statSync(full).mode & 0o777, dir: false });
  }
  return out;
}

let server: ServerProcess | undefined;
afterAll(() => server?.cleanUp());

describe('the data folder is private', () => {
  it.skipIf(process.env.DATABASE_URL)(
    'is made 0700 with files 0600 by a first start on the embedded database',
    { timeout: 240_000 },
    async () => {
      server = await startServerProcess('private', { dataSubdir: 'data' });
      const found = modes(server.dataDir);
      expect(found.filter((f) => !f.dir).length).toBeGreaterThan(10);
      const open = found.filter((f) => (f.mode & 0o077) !== 0);
      expect(open.map((f) => `${f.path} ${f.mode.toString(8)}`)).toEqual([]);
    },
  );

  it('fixes a folder an earlier version left readable', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tentpole-perm-')), 'data');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17\n', { mode: 0o666 });
    chmodSync(path.join(dir, 'pglite', 'PG_VERSION'), 0o666);
    keepPrivate(dir);
    expect(modes(dir).map((f) => f.mode.toString(8))).toEqual(['700', '700', '600']);
  });
});
