import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

// Each test runs Biome over the repository (it scans the project for the import graph).
const BIOME_RUN = { timeout: 60_000 };

describe('feature boundaries (Biome noRestrictedImports)', BIOME_RUN, () => {
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

  it("fails a feature that imports another feature's insides, or app/ beyond its providers", () => {
    const files = Object.fromEntries(
      forbidden.map((from, index) => [scratch(IN_CUSTOMERS, index), importing(from)]),
    );
    const result = lintScratch(files);
    expect(result.status).not.toBe(0);
    const missed = Object.keys(files)
      .map((path, index) => ({ path, from: forbidden[index] }))
      .filter(({ path }) => !reported(result.output, path, 'lint/style/noRestrictedImports'))
      .map(({ from }) => from);
    expect(missed).toEqual([]);
  });

  it("lets a feature import its own files, another feature's api/, app/providers and shared code", () => {
    const files = Object.fromEntries(
      allowed.map((from, index) => [scratch(IN_CUSTOMERS, index), importing(from)]),
    );
    files[scratch('apps/web/src/app/shell', 0)] = importing(
      '@/features/phone/components/phone-provider',
    );
    const result = lintScratch(files);
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.status).toBe(0);
  });
});

describe('import cycles (Biome noImportCycles)', BIOME_RUN, () => {
  it('fails two modules that import each other', () => {
    const dir = `apps/web/src/test/cycle-check-${process.pid}`;
    const result = lintScratch({
      [`${dir}/a.ts`]: "import { b } from './b';\nexport const a = () => b;\n",
      [`${dir}/b.ts`]: "import { a } from './a';\nexport const b = () => a;\n",
    });
    rmSync(join(repoRoot, dir), { recursive: true, force: true });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('lint/suspicious/noImportCycles');
  });
});
