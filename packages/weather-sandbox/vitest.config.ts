import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'weather-sandbox', environment: 'node', include: ['test/**/*.test.ts'] },
});
