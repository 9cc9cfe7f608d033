import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The lint rules that hold the features' boundaries (biome.json): shown failing on purpose.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const run = promisify(execFile);
const probe = path.join(root, 'apps/server/src/features/lint-probe');

async function lint(files: string[]) {
  try {
    const { stdout, stderr } = await run(biome, ['lint', '--max-diagnostics=50', ...files], {
      cwd: root,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return path.relative(root, file);
}

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('feature boundaries', { timeout: 180_000 }, () => {
  it("refuses an import of another feature's routes, service or tables", async () => {
    const file = write(
      path.join(probe, 'routes.ts'),
      "import { customerRoutes } from '../customers/routes.js';\nimport { createCustomer } from '../customers/service.js';\nimport { customers } from '../customers/tables.js';\nexport const all = [customerRoutes, createCustomer, customers];\n",
    );
    const { code, output } = await lint([file]);
    expect(code).not.toBe(0);
    expect(output.match(/noRestrictedImports/g)?.length).toBe(3);
  });

  it("allows another feature's queries.ts, and the platform", async () => {
    const file = write(
      path.join(probe, 'service.ts'),
      "import { findCustomer } from '../customers/queries.js';\nimport { AppError } from '../../http/app-error.js';\nexport const all = [findCustomer, AppError];\n",
    );
    const { code, output } = await lint([file]);
    expect(output).not.toMatch(/noRestrictedImports/);
    expect(code).toBe(0);
  });

  it('refuses an import cycle', async () => {
    const a = write(
      path.join(probe, 'a.ts'),
      "import { b } from './b.js';\nexport const a = () => b();\n",
    );
    const b = write(
      path.join(probe, 'b.ts'),
      "import { a } from './a.js';\nexport const b = () => a();\n",
    );
    const { code, output } = await lint([a, b]);
    expect(code).not.toBe(0);
    expect(output).toMatch(/noImportCycles/);
  });
});
