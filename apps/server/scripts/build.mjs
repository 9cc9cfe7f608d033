// Bundles the server into dist/server.js with its own workspace packages inlined and every
// npm dependency left external, and copies the SQL migrations beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server's own npm dependencies and those of the workspace packages it inlines.
const manifests = [
  'package.json',
  '../../packages/domain/package.json',
  '../../packages/phone-sandbox/package.json',
  '../../packages/payments-sandbox/package.json',
  '../../packages/mail-sandbox/package.json',
];
const external = [
  ...new Set(
    manifests.flatMap((file) =>
      Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {}),
    ),
  ),
].filter((name) => !name.startsWith('@tentpole/'));

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(root, 'drizzle'), path.join(root, 'dist/drizzle'), { recursive: true });
console.log('server built: apps/server/dist/server.js');
