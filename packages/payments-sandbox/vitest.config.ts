import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'payments-sandbox', environment: 'node', include: ['test/**/*.test.ts'] },
});
