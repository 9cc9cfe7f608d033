import { afterEach, vi } from 'vitest';
import { logger } from '../../src/logging/logger.js';

// A stray console.error is a bug the test didn't look for (Epic Stack's rule). A test that
// expects one replaces this spy with its own.
//
// Test files share their worker's modules (isolate: false, decision 0063), and this file runs
// again before each of them: the spies are installed once per worker, on the real functions,
// and each file starts with no errors seen.
type Seen = { errors: unknown[][] };
const key = Symbol.for('tentpole.test.strayErrors');
const shared = globalThis as unknown as Record<symbol, Seen | undefined>;
let seen = shared[key];
if (!seen) {
  const state: Seen = { errors: [] };
  seen = state;
  shared[key] = state;
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    state.errors.push(args);
    original(...args);
  });
  // The server logs through pino: an error logged there is as stray as a console.error.
  const originalLogError = logger.error.bind(logger);
  vi.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => {
    state.errors.push(args.map((a) => (a instanceof Object ? JSON.stringify(a) : a)));
    (originalLogError as (...a: unknown[]) => void)(...args);
  }) as typeof logger.error);
}
const state = seen;
state.errors = [];

afterEach(() => {
  const errors = state.errors;
  state.errors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
