import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../src/config/env.js';
import { STRIPE_ENV_VARIABLES } from '../src/stripe/stripe-config.js';
import { TWILIO_ENV_VARIABLES } from '../src/telephony/telephony-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the deployment files', () => {
  it('every npm script that runs a source file names one that exists', () => {
    // `npm run seed` pointed at src/db/seed-cli.ts for a while after the file moved to src/app/.
    const workspaces = [
      '.',
      ...['apps', 'packages'].flatMap((dir) =>
        readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`),
      ),
    ].filter((dir) => existsSync(path.join(root, dir, 'package.json')));
    const missing: string[] = [];
    let checked = 0;
    for (const dir of workspaces) {
      const { scripts = {} } = JSON.parse(read(`${dir}/package.json`)) as {
        scripts?: Record<string, string>;
      };
      for (const [name, command] of Object.entries(scripts))
        for (const [, file] of command.matchAll(
          /\b(?:tsx(?: watch)?|node) ([\w./-]+\.(?:[cm]?[jt]s))\b/g,
        )) {
          // A built file (dist/) exists only after the build.
          if (!file || file.includes('dist/')) continue;
          checked += 1;
          if (!existsSync(path.join(root, dir, file))) missing.push(`${dir} ${name}: ${file}`);
        }
    }
    expect(checked).toBeGreaterThan(4);
    expect(missing).toEqual([]);
  });

  it('.env.example lists every variable the server reads', () => {
    const listed = new Set(
      read('.env.example')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    const missing = [...ENV_VARIABLES, ...TWILIO_ENV_VARIABLES, ...STRIPE_ENV_VARIABLES].filter(
      (name) => !listed.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('compose.yaml runs two instances behind the proxy, which trusts one proxy hop', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/^ {2}app1: \*app$/m);
    expect(compose).toMatch(/^ {2}app2: \*app$/m);
    expect(compose).toContain('TRUST_PROXY: "1"');
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(read('deploy/Caddyfile')).toContain('health_uri /api/ready');
  });

  it('the image runs as a non-root user on a Node LTS in production mode', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:22-[a-z-]+ AS runtime$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });
});
