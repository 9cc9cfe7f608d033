import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'phone-sandbox', environment: 'node', include: ['test/**/*.test.ts'] },
});
