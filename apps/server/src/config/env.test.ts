import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tentpole-env-'));

describe('loadConfig', () => {
  it('defaults PORT to 3000, APP_URL to localhost on that port, and DATA_DIR to ./.data', () => {
    const config = loadConfig({ AUTH_SECRET: 'a'.repeat(32) });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('generates AUTH_SECRET once into the data folder and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'not a url',
        AUTH_SECRET: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid environment:/);
    for (const name of ['PORT', 'DATABASE_URL', 'APP_URL', 'AUTH_SECRET']) {
      expect(message).toContain(`- ${name}:`);
    }
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', AUTH_SECRET: 'b'.repeat(32), PORT: '' }).port).toBe(3000);
  });
});
