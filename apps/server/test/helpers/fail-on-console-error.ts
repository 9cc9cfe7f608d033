import { afterEach, vi } from 'vitest';
import { logger } from '../../src/logging/logger.js';

// A stray console.error is a bug the test didn't look for (Epic Stack's rule). A test that
// expects one replaces this spy with its own.
let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

// The server logs through pino: an error logged there is as stray as a console.error.
const originalLogError = logger.error.bind(logger);
vi.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => {
  errors.push(args.map((a) => (a instanceof Object ? JSON.stringify(a) : a)));
  (originalLogError as (...a: unknown[]) => void)(...args);
}) as typeof logger.error);

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
