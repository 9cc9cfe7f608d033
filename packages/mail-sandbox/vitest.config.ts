import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mail-sandbox', environment: 'node', include: ['test/**/*.test.ts'] },
});
