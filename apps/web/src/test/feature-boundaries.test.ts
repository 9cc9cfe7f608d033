import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint config (apps/web/biome.json and the root biome.json) is what keeps the features
// apart. These run Biome itself on scratch files, so a config change that stops catching an
// offender fails here. (Biome 2.6's --stdin-file-path mode does not print lint diagnostics.)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const biome = join(repoRoot, 'node_modules/@biomejs/biome/bin/biome');

/** Writes the files (paths from the repo root), lints them in one run, then removes them. */
function lintScratch(files: Record<string, string>): { status: number | null; output: string } {
  try {
    for (const [path, text] of Object.entries(files)) {
      const full = join(repoRoot, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    const run = spawnSync(
      process.execPath,
      [biome, 'lint', '--colors=off', '--max-diagnostics=200', ...Object.keys(files)],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    for (const path of Object.keys(files)) {
      rmSync(join(repoRoot, path), { force: true });
    }
  }
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const scratch = (dir: string, index: number) => `${dir}/boundary-check-${process.pid}-${index}.tsx`;
const IN_CUSTOMERS = 'apps/web/src/features/customers/components';

function reported(output: string, path: string, rule: string): boolean {
  return output.split('\n').some((line) => line.startsWith(`${path}:`) && line.includes(rule));
}

const forbidden = [
  '@/features/phone/components/outbound-call-dialog',
  '@/features/phone/hooks/use-elapsed-seconds',
  '@/features/phone/lib/format-duration',
  '@/features/phone/test/render-phone',
  '../../phone/components/outbound-call-dialog',
  '../../auth/lib/session-cache',
  '../../../features/phone/lib/format-duration',
  '@/app/shell/app-shell',
];
const allowed = [
  '@/features/phone/api/get-phone-info',
  '../lib/customer-name',
  './customer-avatar',
  '../api/get-customer',
  '@/app/providers/outbound-call-provider',
  '@/components/ui/button',
  '@/lib/cn',
  '@tentpole/domain',
];

// Scratch files for every case, each at its own path; Biome scans the whole project for the
// import graph on every run (about 10 CPU-seconds), so all cases are linted in one run.
const forbiddenFiles = forbidden.map((from, index) => ({
  path: scratch(IN_CUSTOMERS, index),
  from,
}));
const allowedFiles = [
  ...allowed.map((from, index) => ({ path: scratch(IN_CUSTOMERS, 100 + index), from })),
  {
    path: scratch('apps/web/src/app/shell', 0),
    from: '@/features/phone/components/phone-provider',
  },
];
const cycleDir = `apps/web/src/test/cycle-check-${process.pid}`;
const cycleFiles = {
  [`${cycleDir}/a.ts`]: "import { b } from './b';\nexport const a = () => b;\n",
  [`${cycleDir}/b.ts`]: "import { a } from './a';\nexport const b = () => a;\n",
};

let result: { status: number | null; output: string };

beforeAll(() => {
  try {
    result = lintScratch({
      ...Object.fromEntries(
        [...forbiddenFiles, ...allowedFiles].map(({ path, from }) => [path, importing(from)]),
      ),
      ...cycleFiles,
    });
  } finally {
    rmSync(join(repoRoot, cycleDir), { recursive: true, force: true });
  }
}, 60_000);

describe('feature boundaries (Biome noRestrictedImports)', () => {
  it("fails a feature that imports another feature's insides, or app/ beyond its providers", () => {
    expect(result.status).not.toBe(0);
    const missed = forbiddenFiles
      .filter(({ path }) => !reported(result.output, path, 'lint/style/noRestrictedImports'))
      .map(({ from }) => from);
    expect(missed).toEqual([]);
  });

  it("lets a feature import its own files, another feature's api/, app/providers and shared code", () => {
    // Not a single diagnostic of any rule on these files (every diagnostic line starts with
    // the file's path).
    const flagged = allowedFiles
      .filter(({ path }) => result.output.split('\n').some((line) => line.startsWith(`${path}:`)))
      .map(({ from }) => from);
    expect(flagged).toEqual([]);
  });
});

describe('import cycles (Biome noImportCycles)', () => {
  it('fails two modules that import each other', () => {
    for (const path of Object.keys(cycleFiles)) {
      expect(reported(result.output, path, 'lint/suspicious/noImportCycles')).toBe(true);
    }
  });
});
