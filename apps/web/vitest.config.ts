import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // Whole-app renders (lazy routes, the shell) take seconds on a loaded 2-core machine.
      testTimeout: 15_000,
      // Files share their worker's modules and jsdom (the setup file resets what a test leaves
      // behind): a fresh jsdom and module graph per file was most of this project's time.
      isolate: false,
      // As the root and the server project say (Vitest runs projects of one group with one
      // maxWorkers; a project that differs must be given its own sequence.groupOrder).
      maxWorkers: 3,
    },
  }),
);
