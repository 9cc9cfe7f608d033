import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// A busy 2-core CI machine renders a lazy page in more than the library's default 1 s: findBy
// and waitFor wait up to 5 s (a test still fails at once when what it awaits cannot appear).
configure({ asyncUtilTimeout: 5_000 });

// A React warning or an unexpected error logged during a test is a defect: fail on it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

// Files share their worker's modules (vitest.config.ts): what one test leaves behind must not
// reach the next, in this file or another.
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-level store and replays the active ones to a Toaster
  // that mounts later: without this, a test could find the toast of the test before it.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// The app's own modules keep in-memory stores (the caller chosen for a call, the title badge,
// a call counter): the next file imports them afresh. Only the app's modules are evaluated
// again; React, Radix and the other packages, and jsdom, stay loaded.
afterAll(() => {
  vi.resetModules();
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
