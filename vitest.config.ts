import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; each workspace
// keeps its own vitest.config.ts (environment, setup files).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
