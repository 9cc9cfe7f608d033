import { afterEach, vi } from 'vitest';

// A stray console.error is a bug the test didn't look for (Epic Stack's rule). A test that
// expects one replaces this spy with its own.
let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
