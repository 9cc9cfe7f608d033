import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/helpers/fail-on-console-error.ts'],
    // Migrates and seeds the test databases once per run; each file opens a copy.
    globalSetup: ['./test/helpers/template-databases.ts'],
    // The files share their worker's modules instead of loading the app, the carrier and
    // payment libraries and PGlite's WebAssembly again for each of seventy files: that import
    // was most of the suite's time (decision 0063). Each file still opens its own database
    // and its own app; the stray-error spies are installed once per worker.
    isolate: false,
    // Said here too: without isolation a project that does not name its worker count got one
    // worker for all seventy files (the root's maxWorkers did not reach it).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
