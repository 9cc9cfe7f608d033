import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A busy 2-core CI machine renders a lazy page in more than the library's default 1 s: findBy
// and waitFor wait up to 5 s (a test still fails at once when what it awaits cannot appear).
configure({ asyncUtilTimeout: 5_000 });

// A React warning or an unexpected error logged during a test is a defect: fail on it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// jsdom does not implement scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};

// jsdom lacks what Radix's menus and popovers measure and scroll with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
