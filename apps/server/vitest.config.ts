import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/helpers/fail-on-console-error.ts'],
    // Migrates and seeds the test databases once per run; each file opens a copy.
    globalSetup: ['./test/helpers/template-databases.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
